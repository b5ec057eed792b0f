-- The payments ledger (docs/decisions/070): one row per money movement (membership payment, tip,
-- service order, referral reward, crypto send), read by the payment history. Hand-written in the
-- payments range (docs/decisions/007), mirrored in worker/src/db/schema/payments.ts. Payments use
-- 0070-0079, the wallet 0080-0089.
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`payment_method` text NOT NULL,
	`payment_type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`payer_id` integer,
	`receiver_id` integer,
	`provider_ref` text,
	`service_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`payer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_public_id_unique` ON `payments` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref_idx` ON `payments` (`payment_method`,`provider_ref`) WHERE `provider_ref` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_payer_idx` ON `payments` (`payer_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `payments_receiver_idx` ON `payments` (`receiver_id`,`status`,`id`);
