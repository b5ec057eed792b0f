-- The admin website (docs/decisions/060): the audit log, the reports queue's groups, the deliveries
-- of e-mail templates, the user totals of the admin home, and the mark of an account that was ever
-- confirmed. Hand-written in the admin range (docs/decisions/007), mirrored in
-- worker/src/db/schema/admin.ts and worker/src/db/schema/users.ts.

-- Every admin change, written in the same D1 batch as the change itself.
CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`admin_username` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_audit_action_idx` ON `admin_audit` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `admin_audit_admin_idx` ON `admin_audit` (`admin_username`,`id`);--> statement-breakpoint

-- Reports grouped by what they point at: one OPEN group per target at a time; a resolved group
-- keeps who resolved it, how and when, and the next report of that target opens a new group.
CREATE TABLE `report_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_key` text NOT NULL,
	`target_id` integer,
	`target_link` text,
	`reported_user_id` integer,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`total_reports` integer DEFAULT 0 NOT NULL,
	`action` text,
	`note` text,
	`resolved_by_id` integer,
	`resolved_by_username` text,
	`resolved_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_groups_open_target_unique` ON `report_groups` (`target_key`) WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX `report_groups_status_idx` ON `report_groups` (`status`,`updated_at`,`id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `group_id` integer REFERENCES report_groups(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `reports_group_idx` ON `reports` (`group_id`,`id`);--> statement-breakpoint

-- Reports made before groups existed: grouped by the person they name, else by their link.
INSERT INTO report_groups (target_type, target_key, target_id, target_link, reported_user_id, status, total_reports, created_at, updated_at)
SELECT
  CASE WHEN reported_user_id IS NOT NULL THEN 'USER' ELSE 'LINK' END,
  CASE WHEN reported_user_id IS NOT NULL THEN 'USER:' || reported_user_id ELSE 'LINK:' || link END,
  reported_user_id, max(link), reported_user_id, 'OPEN', count(*), min(created_at), max(created_at)
FROM reports WHERE resolved_at IS NULL
GROUP BY CASE WHEN reported_user_id IS NOT NULL THEN 'USER:' || reported_user_id ELSE 'LINK:' || link END;
--> statement-breakpoint
UPDATE reports SET group_id = (
  SELECT g.id FROM report_groups g WHERE g.status = 'OPEN' AND g.target_key =
    CASE WHEN reports.reported_user_id IS NOT NULL THEN 'USER:' || reports.reported_user_id ELSE 'LINK:' || reports.link END
) WHERE resolved_at IS NULL;
--> statement-breakpoint

-- One row per (template, person), made when the send starts: the recipients are frozen then, and
-- the queue consumer sends a row at most once.
CREATE TABLE `email_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`template_id`) REFERENCES `email_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_deliveries_template_user_unique` ON `email_deliveries` (`template_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `email_deliveries_status_idx` ON `email_deliveries` (`template_id`,`status`);--> statement-breakpoint
CREATE INDEX `email_deliveries_user_idx` ON `email_deliveries` (`user_id`);--> statement-breakpoint
ALTER TABLE `email_templates` ADD `send_token` text;--> statement-breakpoint

-- An account that was ever confirmed is never taken for an abandoned registration, even when staff
-- set it back to UNCONFIRMED. Kept by triggers, so every writer of users (registration, Google
-- sign-in, the seed, staff) marks it without knowing.
ALTER TABLE `users` ADD `confirmed_at` integer;--> statement-breakpoint
UPDATE users SET confirmed_at = created_at WHERE status <> 'UNCONFIRMED';--> statement-breakpoint
CREATE TRIGGER users_confirmed_insert AFTER INSERT ON users WHEN NEW.status <> 'UNCONFIRMED' AND NEW.confirmed_at IS NULL BEGIN
  UPDATE users SET confirmed_at = NEW.created_at WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER users_confirmed_update AFTER UPDATE OF status ON users WHEN NEW.status = 'ACTIVE' AND NEW.confirmed_at IS NULL BEGIN
  UPDATE users SET confirmed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS integer) WHERE id = NEW.id;
END;
--> statement-breakpoint

-- The admin home's user totals, kept by triggers like the other site counters: accounts not
-- deleted, and of those the paying people (User plan, Business plan) and the others.
INSERT INTO site_counters (key, value) VALUES
  ('users', (SELECT count(*) FROM users WHERE deleted_at IS NULL)),
  ('paid_users', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND is_verified_user = 1)),
  ('paid_businesses', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND is_verified_business = 1)),
  ('unpaid_users', (SELECT count(*) FROM users WHERE deleted_at IS NULL AND is_verified_user = 0 AND is_verified_business = 0));
--> statement-breakpoint
CREATE TRIGGER users_counters_insert AFTER INSERT ON users WHEN NEW.deleted_at IS NULL BEGIN
  UPDATE site_counters SET value = value + 1 WHERE key = 'users';
  UPDATE site_counters SET value = value + 1 WHERE key = 'paid_users' AND NEW.is_verified_user = 1;
  UPDATE site_counters SET value = value + 1 WHERE key = 'paid_businesses' AND NEW.is_verified_business = 1;
  UPDATE site_counters SET value = value + 1 WHERE key = 'unpaid_users' AND NEW.is_verified_user = 0 AND NEW.is_verified_business = 0;
END;
--> statement-breakpoint
CREATE TRIGGER users_counters_delete AFTER DELETE ON users WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE site_counters SET value = value - 1 WHERE key = 'users';
  UPDATE site_counters SET value = value - 1 WHERE key = 'paid_users' AND OLD.is_verified_user = 1;
  UPDATE site_counters SET value = value - 1 WHERE key = 'paid_businesses' AND OLD.is_verified_business = 1;
  UPDATE site_counters SET value = value - 1 WHERE key = 'unpaid_users' AND OLD.is_verified_user = 0 AND OLD.is_verified_business = 0;
END;
--> statement-breakpoint
CREATE TRIGGER users_counters_update AFTER UPDATE OF deleted_at, is_verified_user, is_verified_business ON users BEGIN
  UPDATE site_counters SET value = value + (NEW.deleted_at IS NULL) - (OLD.deleted_at IS NULL) WHERE key = 'users';
  UPDATE site_counters
    SET value = value + (NEW.deleted_at IS NULL AND NEW.is_verified_user = 1) - (OLD.deleted_at IS NULL AND OLD.is_verified_user = 1)
    WHERE key = 'paid_users';
  UPDATE site_counters
    SET value = value + (NEW.deleted_at IS NULL AND NEW.is_verified_business = 1) - (OLD.deleted_at IS NULL AND OLD.is_verified_business = 1)
    WHERE key = 'paid_businesses';
  UPDATE site_counters
    SET value = value
      + (NEW.deleted_at IS NULL AND NEW.is_verified_user = 0 AND NEW.is_verified_business = 0)
      - (OLD.deleted_at IS NULL AND OLD.is_verified_user = 0 AND OLD.is_verified_business = 0)
    WHERE key = 'unpaid_users';
END;
