ALTER TABLE `users` ADD `headline` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `bio` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `links` text DEFAULT '[]' NOT NULL;