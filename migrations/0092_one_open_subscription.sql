-- At most one open subscription per person (docs/decisions/096). Hand-written in its own range
-- (docs/decisions/007), mirrored in worker/src/db/schema/payments.ts.

-- The card a card reservation was made with: a retry of the reservation sends Stripe the very
-- same request under the same idempotency key, so Stripe answers with the subscription it made.
ALTER TABLE `subscriptions` ADD `stripe_payment_method` text;--> statement-breakpoint

-- A second open subscription the provider holds for the person, which our starts did not make (one
-- from before this index, or one the provider reports later): recorded, never dropped, outside the
-- one-open index, and ended with the rest by the cancel call.
ALTER TABLE `subscriptions` ADD `is_duplicate` integer DEFAULT false NOT NULL;--> statement-breakpoint

-- People who already hold several open subscriptions keep one in the slot (a paying one first, then
-- the newest); the others are marked as duplicates.
UPDATE `subscriptions` SET `is_duplicate` = 1
WHERE `status` IN ('PENDING', 'ACTIVE', 'PAST_DUE')
  AND `id` <> (
    SELECT s.`id` FROM `subscriptions` s
    WHERE s.`user_id` = `subscriptions`.`user_id` AND s.`status` IN ('PENDING', 'ACTIVE', 'PAST_DUE')
    ORDER BY CASE s.`status` WHEN 'ACTIVE' THEN 0 WHEN 'PAST_DUE' THEN 1 ELSE 2 END, s.`id` DESC
    LIMIT 1
  );--> statement-breakpoint

-- The index decides between two starts that both saw no open subscription: the second insert fails.
CREATE UNIQUE INDEX `subscriptions_one_open_idx` ON `subscriptions` (`user_id`)
  WHERE `status` IN ('PENDING', 'ACTIVE', 'PAST_DUE') AND `is_duplicate` = 0;--> statement-breakpoint

-- What the SPA puts in a PayPal subscription's custom_id: a random reference of the person, made
-- by the pre-subscription check. The server grants a PayPal subscription only to the person whose
-- reference PayPal holds for it.
ALTER TABLE `payment_accounts` ADD `paypal_custom_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_accounts_paypal_custom_idx` ON `payment_accounts` (`paypal_custom_id`) WHERE `paypal_custom_id` IS NOT NULL;
