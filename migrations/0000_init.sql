CREATE TABLE `chat_thread_users` (
	`thread_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`total_unread_messages` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`thread_id`, `user_id`),
	FOREIGN KEY (`thread_id`) REFERENCES `chat_threads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_thread_users_list_idx` ON `chat_thread_users` (`user_id`,`last_activity_at`);--> statement-breakpoint
CREATE TABLE `chat_threads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`chat_thread_type` text DEFAULT 'PERSONAL' NOT NULL,
	`pair_key` text,
	`last_message_text` text,
	`last_message_type` text,
	`last_message_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_threads_public_id_unique` ON `chat_threads` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_threads_pair_unique` ON `chat_threads` (`pair_key`);--> statement-breakpoint
CREATE TABLE `communities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`display_name` text,
	`description` text,
	`image` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`owner_id` integer,
	`total_members` integer DEFAULT 0 NOT NULL,
	`total_microposts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `communities_name_unique` ON `communities` (lower("name"));--> statement-breakpoint
CREATE INDEX `communities_members_idx` ON `communities` (`total_members`,`id`);--> statement-breakpoint
CREATE INDEX `communities_created_idx` ON `communities` (`created_at`);--> statement-breakpoint
CREATE TABLE `community_members` (
	`community_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text DEFAULT 'MEMBER' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `community_members_user_idx` ON `community_members` (`user_id`,`community_id`);--> statement-breakpoint
CREATE INDEX `community_members_list_idx` ON `community_members` (`community_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `admin_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file` text NOT NULL,
	`file_public_id` text NOT NULL,
	`content_type` text NOT NULL,
	`admin_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_files_file_public_id_unique` ON `admin_files` (`file_public_id`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`cover` text,
	`category` text DEFAULT 'OTHER' NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`author_id` integer,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`published_at`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_outbox_to_idx` ON `dev_outbox` (`to`,`id`);--> statement-breakpoint
CREATE TABLE `email_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subject` text NOT NULL,
	`mjml_text` text NOT NULL,
	`published_at` integer,
	`is_locked` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `featured_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`link` text NOT NULL,
	`title` text NOT NULL,
	`subtitle` text NOT NULL,
	`image` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `membership_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`membership_type` text NOT NULL,
	`name` text NOT NULL,
	`price_cents` integer NOT NULL,
	`features` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_plans_membership_type_unique` ON `membership_plans` (`membership_type`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`micropost_id` integer NOT NULL,
	`parent_id` integer,
	`root_id` integer,
	`owner_id` integer NOT NULL,
	`body` text NOT NULL,
	`depth` integer DEFAULT 0 NOT NULL,
	`total_replies` integer DEFAULT 0 NOT NULL,
	`is_deleted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `comments_public_id_unique` ON `comments` (`public_id`);--> statement-breakpoint
CREATE INDEX `comments_post_idx` ON `comments` (`micropost_id`,`depth`,`id`);--> statement-breakpoint
CREATE INDEX `comments_parent_idx` ON `comments` (`parent_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_root_idx` ON `comments` (`root_id`,`id`);--> statement-breakpoint
CREATE INDEX `comments_owner_idx` ON `comments` (`owner_id`);--> statement-breakpoint
CREATE TABLE `micropost_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`micropost_id` integer NOT NULL,
	`file` text NOT NULL,
	`file_type` text NOT NULL,
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `micropost_files_post_idx` ON `micropost_files` (`micropost_id`);--> statement-breakpoint
CREATE TABLE `micropost_votes` (
	`micropost_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`micropost_id`, `user_id`),
	FOREIGN KEY (`micropost_id`) REFERENCES `microposts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `micropost_votes_user_idx` ON `micropost_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `microposts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`owner_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`slug` text NOT NULL,
	`post_type` text DEFAULT 'TEXT' NOT NULL,
	`is_draft` integer DEFAULT false NOT NULL,
	`is_pinned` integer DEFAULT false NOT NULL,
	`is_owner_verified` integer DEFAULT false NOT NULL,
	`total_votes` integer DEFAULT 0 NOT NULL,
	`total_comments` integer DEFAULT 0 NOT NULL,
	`published_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `microposts_public_id_unique` ON `microposts` (`public_id`);--> statement-breakpoint
CREATE INDEX `microposts_new_idx` ON `microposts` (`is_draft`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_top_idx` ON `microposts` (`is_draft`,`total_votes`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_verified_idx` ON `microposts` (`is_draft`,`is_owner_verified`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_community_idx` ON `microposts` (`community_id`,`is_draft`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `microposts_owner_idx` ON `microposts` (`owner_id`,`is_draft`,`published_at`,`id`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`owner_id` integer,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_owner_idx` ON `uploads` (`owner_id`);--> statement-breakpoint
CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text,
	`password_hash` text NOT NULL,
	`profile_image` text,
	`use_night_mode` integer DEFAULT true NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_username_unique` ON `admins` (`username`);--> statement-breakpoint
CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blocks_pair_unique` ON `blocks` (`blocker_id`,`blocked_id`);--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`);--> statement-breakpoint
CREATE TABLE `feedbacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`feedback_type` text NOT NULL,
	`text` text NOT NULL,
	`link` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `feedbacks_created_idx` ON `feedbacks` (`created_at`);--> statement-breakpoint
CREATE TABLE `follows` (
	`follower_id` integer NOT NULL,
	`followee_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`follower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`followee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_pair_unique` ON `follows` (`follower_id`,`followee_id`);--> statement-breakpoint
CREATE INDEX `follows_followee_idx` ON `follows` (`followee_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `follows_follower_idx` ON `follows` (`follower_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_id` integer,
	`link` text,
	`text` text,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`is_read`,`id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` integer NOT NULL,
	`reported_user_id` integer,
	`report_cause` text NOT NULL,
	`text` text NOT NULL,
	`link` text,
	`resolved_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`resolved_at`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`status` text DEFAULT 'UNCONFIRMED' NOT NULL,
	`profile_name` text,
	`profile_image` text,
	`profile_cover` text,
	`is_staff` integer DEFAULT false NOT NULL,
	`is_verified_user` integer DEFAULT false NOT NULL,
	`is_verified_business` integer DEFAULT false NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`referrer_id` integer,
	`google_sub` text,
	`total_followers` integer DEFAULT 0 NOT NULL,
	`total_following` integer DEFAULT 0 NOT NULL,
	`total_microposts` integer DEFAULT 0 NOT NULL,
	`default_micropost_sort` text DEFAULT 'NEW' NOT NULL,
	`notify_referral` integer DEFAULT true NOT NULL,
	`notify_follower` integer DEFAULT true NOT NULL,
	`notify_mention` integer DEFAULT true NOT NULL,
	`notify_comment` integer DEFAULT true NOT NULL,
	`notify_community` integer DEFAULT true NOT NULL,
	`notify_upvote` integer DEFAULT true NOT NULL,
	`allow_new_chat` integer DEFAULT true NOT NULL,
	`newsletter` integer DEFAULT true NOT NULL,
	`use_night_mode` integer DEFAULT true NOT NULL,
	`service_provider` integer DEFAULT false NOT NULL,
	`show_blocked_list` integer DEFAULT false NOT NULL,
	`job_title` text,
	`job_skills` text,
	`last_code_sent_at` integer,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE INDEX `users_referrer_idx` ON `users` (`referrer_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TABLE `verification_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_codes_hash_unique` ON `verification_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `verification_codes_user_idx` ON `verification_codes` (`user_id`);