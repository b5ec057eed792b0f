-- Forgot password e-mails a new password (part 2 §7). It is kept beside the current one until it
-- is first used, so a stranger who knows someone's e-mail cannot lock them out by asking for one.
ALTER TABLE `users` ADD `pending_password_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pending_password_expires_at` integer;
