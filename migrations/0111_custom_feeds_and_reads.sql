CREATE TABLE `custom_feed_communities` (
	`feed_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`include_flairs` text DEFAULT '[]' NOT NULL,
	`exclude_flairs` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`feed_id`, `community_id`),
	FOREIGN KEY (`feed_id`) REFERENCES `custom_feeds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_feed_communities_community_idx` ON `custom_feed_communities` (`community_id`);--> statement-breakpoint
CREATE TABLE `custom_feed_people` (
	`feed_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`feed_id`, `user_id`),
	FOREIGN KEY (`feed_id`) REFERENCES `custom_feeds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_feed_people_user_idx` ON `custom_feed_people` (`user_id`);--> statement-breakpoint
CREATE TABLE `custom_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`owner_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_public` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_feeds_public_id_unique` ON `custom_feeds` (`public_id`);--> statement-breakpoint
CREATE INDEX `custom_feeds_owner_idx` ON `custom_feeds` (`owner_id`,`id`);--> statement-breakpoint
CREATE TABLE `post_reads` (
	`user_id` integer NOT NULL,
	`micropost_id` integer NOT NULL,
	`undo_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `micropost_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_reads_post_idx` ON `post_reads` (`micropost_id`);--> statement-breakpoint
CREATE INDEX `post_reads_undo_idx` ON `post_reads` (`undo_id`);--> statement-breakpoint
CREATE TABLE `read_undos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `read_undos_token_unique` ON `read_undos` (`token`);--> statement-breakpoint
CREATE INDEX `read_undos_user_idx` ON `read_undos` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_community_top_idx` ON `microposts` (`community_id`,`is_draft`,`total_votes`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_owner_top_idx` ON `microposts` (`owner_id`,`is_draft`,`total_votes`,`id`);