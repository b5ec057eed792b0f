-- Memberships, provider events, payout accounts and reconciliation findings (docs/decisions/071).
-- Hand-written in the payments range (docs/decisions/007), mirrored in
-- worker/src/db/schema/payments.ts.

-- One row per provider subscription. The status is the provider's, mapped: PENDING until paid,
-- ACTIVE, PAST_DUE (a renewal failed; access stays until the period ends), CANCELLED.
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`payment_method` text NOT NULL,
	`provider_subscription_id` text,
	`membership_type` text NOT NULL,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`current_period_end` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_provider_idx` ON `subscriptions` (`payment_method`,`provider_subscription_id`) WHERE `provider_subscription_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`,`id`);--> statement-breakpoint

-- The membership marks follow the subscription rows: a person is a verified user (business)
-- while one of their USER (BUSINESS) subscriptions is ACTIVE or PAST_DUE. Migration 0021's
-- trigger carries the change on to their posts' is_owner_verified.
CREATE TRIGGER `subscriptions_marks_insert` AFTER INSERT ON `subscriptions` BEGIN
  UPDATE `users` SET
    `is_verified_user` = EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`user_id` = NEW.`user_id` AND s.`membership_type` = 'USER' AND s.`status` IN ('ACTIVE', 'PAST_DUE')),
    `is_verified_business` = EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`user_id` = NEW.`user_id` AND s.`membership_type` = 'BUSINESS' AND s.`status` IN ('ACTIVE', 'PAST_DUE'))
  WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `subscriptions_marks_update` AFTER UPDATE OF `status`, `membership_type` ON `subscriptions` BEGIN
  UPDATE `users` SET
    `is_verified_user` = EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`user_id` = NEW.`user_id` AND s.`membership_type` = 'USER' AND s.`status` IN ('ACTIVE', 'PAST_DUE')),
    `is_verified_business` = EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`user_id` = NEW.`user_id` AND s.`membership_type` = 'BUSINESS' AND s.`status` IN ('ACTIVE', 'PAST_DUE'))
  WHERE `id` = NEW.`user_id`;
END;--> statement-breakpoint

-- Each provider event applied once: its id is inserted in the same D1 batch as its change, so a
-- second delivery fails the whole batch on this key and changes nothing.
CREATE TABLE `payment_events` (
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY (`provider`, `event_id`)
);
--> statement-breakpoint

-- Stripe's customer (card subscriptions) and Connect Express account (receiving tips and orders).
CREATE TABLE `payment_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`stripe_customer_id` text,
	`stripe_account_id` text,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_accounts_customer_idx` ON `payment_accounts` (`stripe_customer_id`) WHERE `stripe_customer_id` IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_accounts_account_idx` ON `payment_accounts` (`stripe_account_id`) WHERE `stripe_account_id` IS NOT NULL;--> statement-breakpoint

-- What the daily reconciliation found: our membership and the provider's disagree. One row per
-- subscription and day.
CREATE TABLE `payment_mismatches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`payment_method` text NOT NULL,
	`subscription_id` text NOT NULL,
	`local_status` text NOT NULL,
	`provider_status` text NOT NULL,
	`detail` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_mismatches_day_idx` ON `payment_mismatches` (`payment_method`,`subscription_id`,`day`);--> statement-breakpoint
CREATE INDEX `payment_mismatches_created_idx` ON `payment_mismatches` (`created_at`,`id`);
