CREATE TABLE `reaction_counts` (
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`message_id` integer DEFAULT 0 NOT NULL,
	`emoji` text NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`first_at` integer NOT NULL,
	PRIMARY KEY(`target_type`, `target_id`, `message_id`, `emoji`)
);
--> statement-breakpoint
CREATE TABLE `reactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`message_id` integer DEFAULT 0 NOT NULL,
	`user_id` integer NOT NULL,
	`emoji` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reactions_one_unique` ON `reactions` (`target_type`,`target_id`,`message_id`,`user_id`,`emoji`);--> statement-breakpoint
CREATE INDEX `reactions_who_idx` ON `reactions` (`target_type`,`target_id`,`message_id`,`emoji`,`created_at`);--> statement-breakpoint
CREATE INDEX `reactions_user_idx` ON `reactions` (`user_id`);--> statement-breakpoint
ALTER TABLE `communities` ADD `reaction_palette` text;