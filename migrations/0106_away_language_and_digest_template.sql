ALTER TABLE `email_templates` ADD `purpose` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_templates_purpose_unique` ON `email_templates` (`purpose`);--> statement-breakpoint
ALTER TABLE `users` ADD `language` text DEFAULT 'en' NOT NULL;