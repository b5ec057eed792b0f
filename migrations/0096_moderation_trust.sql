CREATE TABLE `appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`moderation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'OPEN' NOT NULL,
	`decision` text,
	`note` text DEFAULT '' NOT NULL,
	`decided_by_username` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`moderation_id`) REFERENCES `moderations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_moderation_unique` ON `appeals` (`moderation_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`,`id`);--> statement-breakpoint
CREATE TABLE `moderations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`report_group_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`cause` text,
	`note` text DEFAULT '' NOT NULL,
	`admin_username` text,
	`reversed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_group_id`) REFERENCES `report_groups`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `moderations_user_idx` ON `moderations` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `moderations_group_unique` ON `moderations` (`report_group_id`);--> statement-breakpoint
ALTER TABLE `comments` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `microposts` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `moderation_id` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `trust_level` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `trust_level_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `trust_level_manual` integer DEFAULT false NOT NULL;