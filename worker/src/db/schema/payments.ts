import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEMBERSHIP_TYPES } from "#shared/enums.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES, PAYMENT_TYPES } from "#shared/schemas/payments.ts";
import { createdAt, flag, updatedAt } from "./columns";
import { users } from "./users";

// The payments ledger (migration 0070, docs/decisions/070).

/**
 * One row per money movement: a membership payment, a tip, a service order, a referral reward or
 * a crypto send. `amount` is an integer of the currency's smallest unit (cents, lamports), never
 * a float. `provider_ref` is the provider's id for it (Checkout session, invoice, PayPal sale,
 * transaction signature), unique per method, so a fact is recorded once.
 */
export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull().unique(),
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull(),
    paymentType: text("payment_type", { enum: PAYMENT_TYPES }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("PENDING"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    payerId: integer("payer_id").references(() => users.id, { onDelete: "set null" }),
    receiverId: integer("receiver_id").references(() => users.id, { onDelete: "set null" }),
    providerRef: text("provider_ref"),
    serviceId: integer("service_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_provider_ref_idx")
      .on(t.paymentMethod, t.providerRef)
      .where(sql`${t.providerRef} IS NOT NULL`),
    index("payments_payer_idx").on(t.payerId, t.status, t.id),
    index("payments_receiver_idx").on(t.receiverId, t.status, t.id),
  ],
);

// Memberships, provider events, payout accounts, reconciliation (migration 0071, docs/decisions/071).

export const SUBSCRIPTION_STATUSES = ["PENDING", "ACTIVE", "PAST_DUE", "CANCELLED"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription still running or about to (migration 0092): a person holds at most one. */
export const OPEN_SUBSCRIPTION_STATUSES = [
  "PENDING",
  "ACTIVE",
  "PAST_DUE",
] as const satisfies SubscriptionStatus[];

/**
 * One provider subscription. `status` is the provider's, mapped; the person's verified marks
 * follow these rows by trigger (ACTIVE or PAST_DUE means a member). The provider id is null only
 * between our row and the provider's answer (the row's id is the idempotency key). A person has
 * at most one open row (PENDING, ACTIVE or PAST_DUE) outside `is_duplicate` ones (migration 0092,
 * docs/decisions/096): the unique index, not a prior read, decides between concurrent starts.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentMethod: text("payment_method", { enum: ["STRIPE", "PAYPAL"] }).notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    membershipType: text("membership_type", { enum: MEMBERSHIP_TYPES }).notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("PENDING"),
    /** Milliseconds; null until the provider says. */
    currentPeriodEnd: integer("current_period_end"),
    /** The card's PaymentMethod of a card reservation: a retry sends Stripe the same request. */
    stripePaymentMethod: text("stripe_payment_method"),
    /** A second open subscription the provider holds, not made by our starts: kept, and cancelled with the rest. */
    isDuplicate: flag("is_duplicate", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_provider_idx")
      .on(t.paymentMethod, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} IS NOT NULL`),
    uniqueIndex("subscriptions_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} IN ('PENDING', 'ACTIVE', 'PAST_DUE') AND ${t.isDuplicate} = 0`),
    index("subscriptions_user_idx").on(t.userId, t.status),
    index("subscriptions_status_idx").on(t.status, t.id),
  ],
);

/** Provider events already applied: inserted in the same batch as their change. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    provider: text("provider", { enum: ["STRIPE", "PAYPAL"] }).notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A person's Stripe customer (card subscriptions) and Connect account (receiving money). */
export const paymentAccounts = sqliteTable(
  "payment_accounts",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeAccountId: text("stripe_account_id"),
    /** The person's reference the SPA puts in a PayPal subscription's custom_id (migration 0092). */
    paypalCustomId: text("paypal_custom_id"),
    chargesEnabled: flag("charges_enabled", false),
    payoutsEnabled: flag("payouts_enabled", false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_accounts_customer_idx")
      .on(t.stripeCustomerId)
      .where(sql`${t.stripeCustomerId} IS NOT NULL`),
    uniqueIndex("payment_accounts_account_idx")
      .on(t.stripeAccountId)
      .where(sql`${t.stripeAccountId} IS NOT NULL`),
    uniqueIndex("payment_accounts_paypal_custom_idx")
      .on(t.paypalCustomId)
      .where(sql`${t.paypalCustomId} IS NOT NULL`),
  ],
);

/** A disagreement the daily reconciliation found, one per subscription and day. */
export const paymentMismatches = sqliteTable(
  "payment_mismatches",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    paymentMethod: text("payment_method", { enum: ["STRIPE", "PAYPAL"] }).notNull(),
    subscriptionId: text("subscription_id").notNull(),
    localStatus: text("local_status").notNull(),
    providerStatus: text("provider_status").notNull(),
    detail: text("detail").notNull(),
    /** YYYY-MM-DD of the run. */
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_mismatches_day_idx").on(t.paymentMethod, t.subscriptionId, t.day),
    index("payment_mismatches_created_idx").on(t.createdAt, t.id),
  ],
);
