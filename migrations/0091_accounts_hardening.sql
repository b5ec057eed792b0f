ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
CREATE TABLE `email_changes` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`new_email` text NOT NULL,
	`browser_hash` text NOT NULL,
	`code_hash` text NOT NULL,
	`tries` integer DEFAULT 0 NOT NULL,
	`token_version` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_changes_browser_unique` ON `email_changes` (`browser_hash`);--> statement-breakpoint
CREATE TABLE `google_exchange_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`nonce_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `google_exchange_codes_expires_idx` ON `google_exchange_codes` (`expires_at`);
