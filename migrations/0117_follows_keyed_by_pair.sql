-- Who follows whom, keyed by the pair (docs/decisions/241): a WITHOUT ROWID table whose key is the
-- (follower, followee) pair the unique index held, so a follow changes the key's b-tree and the two
-- people's indexes, not also a table of rowids. Every row is copied as it is; the lists of followers
-- and people followed break ties in `created_at` by the other person's id instead of the rowid.
CREATE TABLE `__new_follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`follower_id`, `followee_id`),
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_follows`("follower_id", "followee_id", "created_at") SELECT "follower_id", "followee_id", "created_at" FROM `follows`;--> statement-breakpoint
DROP TABLE `follows`;--> statement-breakpoint
ALTER TABLE `__new_follows` RENAME TO `follows`;--> statement-breakpoint
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`created_at`);
