-- A vote in two b-trees instead of three (docs/decisions/241): keyed by (post, person) with no rowid
-- beside the key, a vote's write changes the key's b-tree and the person's index, not also a table
-- of rowids. The rows are copied as they are; nothing reads a vote's rowid.
CREATE TABLE `micropost_votes_new` (
	`micropost_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`micropost_id`, `user_id`),
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `micropost_votes_new` (`micropost_id`, `user_id`, `created_at`)
  SELECT `micropost_id`, `user_id`, `created_at` FROM `micropost_votes`;--> statement-breakpoint
DROP TABLE `micropost_votes`;--> statement-breakpoint
ALTER TABLE `micropost_votes_new` RENAME TO `micropost_votes`;--> statement-breakpoint
CREATE INDEX `micropost_votes_user_idx` ON `micropost_votes` (`user_id`);
