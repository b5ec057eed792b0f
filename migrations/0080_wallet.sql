-- The custodial wallet (docs/decisions/080): one encrypted key per person and chain, and one row
-- per SOL send written before it is broadcast, unique by (person, idempotency key). Hand-written in
-- the wallet range 0080-0089, mirrored in worker/src/db/schema/wallet.ts.
CREATE TABLE `wallet_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chain` text NOT NULL,
	`address` text NOT NULL,
	`secret` text NOT NULL,
	`iv` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_keys_user_chain_idx` ON `wallet_keys` (`user_id`,`chain`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_keys_chain_address_idx` ON `wallet_keys` (`chain`,`address`);--> statement-breakpoint
CREATE TABLE `wallet_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`chain` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`receiver_id` integer,
	`amount` integer NOT NULL,
	`fee` integer NOT NULL,
	`signed_tx` text NOT NULL,
	`signature` text NOT NULL,
	`status` text DEFAULT 'SENDING' NOT NULL,
	`error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_sends_key_idx` ON `wallet_sends` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_sends_signature_idx` ON `wallet_sends` (`signature`);--> statement-breakpoint
CREATE INDEX `wallet_sends_status_idx` ON `wallet_sends` (`user_id`,`status`);
