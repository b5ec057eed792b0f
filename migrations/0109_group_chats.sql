ALTER TABLE `chat_thread_users` ADD `is_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_thread_users` ADD `left_at` integer;--> statement-breakpoint
ALTER TABLE `chat_threads` ADD `name` text;--> statement-breakpoint
ALTER TABLE `chat_threads` ADD `created_by` integer;