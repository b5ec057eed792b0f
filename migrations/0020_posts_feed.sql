-- Posts and the feed (issue 4).
-- The feed's totals (NEW and TOP count every published post, VERIFIED those of verified owners) must
-- not cost a scan of a million rows, so they are counters. Triggers keep them: every writer (posting,
-- publishing a draft, deleting, a cascade from a deleted user, a change of an owner's verified mark,
-- the demo seed, the benchmark) moves them in the same statement as the row, so they never drift.
CREATE TABLE `site_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO site_counters (key, value) VALUES
  ('published_microposts', (SELECT count(*) FROM microposts WHERE is_draft = 0)),
  ('verified_microposts', (SELECT count(*) FROM microposts WHERE is_draft = 0 AND is_owner_verified = 1));
--> statement-breakpoint
CREATE TRIGGER microposts_counters_insert AFTER INSERT ON microposts WHEN NEW.is_draft = 0 BEGIN
  UPDATE site_counters SET value = value + 1 WHERE key = 'published_microposts';
  UPDATE site_counters SET value = value + 1 WHERE key = 'verified_microposts' AND NEW.is_owner_verified = 1;
END;
--> statement-breakpoint
CREATE TRIGGER microposts_counters_delete AFTER DELETE ON microposts WHEN OLD.is_draft = 0 BEGIN
  UPDATE site_counters SET value = value - 1 WHERE key = 'published_microposts';
  UPDATE site_counters SET value = value - 1 WHERE key = 'verified_microposts' AND OLD.is_owner_verified = 1;
END;
--> statement-breakpoint
CREATE TRIGGER microposts_counters_update AFTER UPDATE OF is_draft, is_owner_verified ON microposts BEGIN
  UPDATE site_counters SET value = value + (NEW.is_draft = 0) - (OLD.is_draft = 0)
    WHERE key = 'published_microposts';
  UPDATE site_counters
    SET value = value + (NEW.is_draft = 0 AND NEW.is_owner_verified = 1) - (OLD.is_draft = 0 AND OLD.is_owner_verified = 1)
    WHERE key = 'verified_microposts';
END;
--> statement-breakpoint
-- A community's page lists pinned posts first, then the newest: one index range, no sort.
CREATE INDEX `microposts_community_pinned_idx` ON `microposts` (`community_id`,`is_draft`,`is_pinned`,`published_at`,`id`);
--> statement-breakpoint
-- Members are listed in joining order; the user id breaks ties so the keyset cursor is exact.
DROP INDEX `community_members_list_idx`;
--> statement-breakpoint
CREATE INDEX `community_members_list_idx` ON `community_members` (`community_id`,`created_at`,`user_id`);
--> statement-breakpoint
-- The comment list pages through top-level comments; its total is this counter, kept with the
-- comment rows in the same batch (the other comment counters live beside it).
ALTER TABLE `microposts` ADD `total_top_comments` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE microposts SET total_top_comments = (
  SELECT count(*) FROM comments WHERE comments.micropost_id = microposts.id AND comments.depth = 0
);
--> statement-breakpoint
INSERT INTO site_counters (key, value) VALUES ('communities', (SELECT count(*) FROM communities));
--> statement-breakpoint
CREATE TRIGGER communities_counter_insert AFTER INSERT ON communities BEGIN
  UPDATE site_counters SET value = value + 1 WHERE key = 'communities';
END;
--> statement-breakpoint
CREATE TRIGGER communities_counter_delete AFTER DELETE ON communities BEGIN
  UPDATE site_counters SET value = value - 1 WHERE key = 'communities';
END;
