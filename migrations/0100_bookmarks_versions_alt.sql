CREATE TABLE `micropost_bookmarks` (
	`user_id` integer NOT NULL,
	`micropost_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `micropost_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `micropost_bookmarks_saved_idx` ON `micropost_bookmarks` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `micropost_bookmarks_post_idx` ON `micropost_bookmarks` (`micropost_id`);--> statement-breakpoint
CREATE TABLE `micropost_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`micropost_id` integer,
	`comment_id` integer,
	`title` text,
	`body` text NOT NULL,
	`edited_at` integer,
	`replaced_at` integer NOT NULL,
	`redacted_at` integer,
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `micropost_versions_post_idx` ON `micropost_versions` (`micropost_id`,`id`);--> statement-breakpoint
CREATE INDEX `micropost_versions_comment_idx` ON `micropost_versions` (`comment_id`,`id`);--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `micropost_files` ADD `alt` text;--> statement-breakpoint
ALTER TABLE `microposts` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `require_alt_text` integer DEFAULT true NOT NULL;