-- The limits' counters in one b-tree (docs/decisions/241): keyed by `key` with no rowid beside it,
-- a counter's write changes the table alone, not the table and its key's index. The counts and
-- windows are copied as they are, so no limit starts over.
CREATE TABLE `rate_limits_new` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `rate_limits_new` (`key`, `count`, `window_start`)
  SELECT `key`, `count`, `window_start` FROM `rate_limits`;--> statement-breakpoint
DROP TABLE `rate_limits`;--> statement-breakpoint
ALTER TABLE `rate_limits_new` RENAME TO `rate_limits`;
