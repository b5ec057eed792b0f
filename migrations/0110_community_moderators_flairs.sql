CREATE TABLE `community_bans` (
	`community_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`ends_at` integer,
	`banned_by_id` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`banned_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `community_flairs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`colour` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_flairs_community_idx` ON `community_flairs` (`community_id`,`id`);--> statement-breakpoint
CREATE TABLE `community_mod_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`moderator_id` integer,
	`moderator_username` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `community_mod_log_community_idx` ON `community_mod_log` (`community_id`,`id`);--> statement-breakpoint
ALTER TABLE `moderations` ADD `community_id` integer REFERENCES communities(id);--> statement-breakpoint
ALTER TABLE `moderations` ADD `moderator_username` text;--> statement-breakpoint
ALTER TABLE `communities` ADD `rules` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `microposts` ADD `locked_at` integer;--> statement-breakpoint
ALTER TABLE `microposts` ADD `flair_id` integer REFERENCES community_flairs(id);--> statement-breakpoint
CREATE INDEX `microposts_flair_idx` ON `microposts` (`flair_id`,`is_draft`,`is_pinned`,`published_at`,`id`);--> statement-breakpoint
ALTER TABLE `reports` ADD `rule` text;