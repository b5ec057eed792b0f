import { and, eq, inArray } from "drizzle-orm";
import type { MembershipType } from "#shared/enums.ts";
import {
  PAYMENTS_MSG,
  type PaypalCompleteSubscription,
  type StripeCompleteSubscription,
  type Subscription,
  type SubscriptionStartResult,
} from "#shared/schemas/payments.ts";
import { paymentAccounts, type SubscriptionStatus, subscriptions, users } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import {
  membershipOf,
  type PaypalSettings,
  PLAN_PRICES,
  requireAnyProvider,
  requirePaypal,
  requireStripe,
  type StripeSettings,
} from "./config";
import { setSubscription } from "./ledger";
import { cancelPaypalSubscription, getPaypalSubscription, type PaypalSubscription } from "./paypal";
import { callStripe, type Stripe, stripeClient } from "./stripe";

// Memberships: the pre-subscription check, card and PayPal completion, and cancelling. The marks
// follow the subscription rows (migration 0071); a card membership turns on with Stripe's
// `invoice.paid`, a PayPal one with PayPal's own answer about it.

/** A membership that still gives the marks. */
export const LIVE_STATUSES: SubscriptionStatus[] = ["ACTIVE", "PAST_DUE"];

type SubscriptionRow = typeof subscriptions.$inferSelect;

async function liveSubscription({ db }: Deps, userId: number): Promise<SubscriptionRow | null> {
  const row = await db.orm
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)))
    .get();
  return row ?? null;
}

/** `POST .../payment/subscription/start`: 409 when a membership is already active. */
export async function startSubscription(
  deps: Deps,
  userId: number,
  type: MembershipType,
): Promise<SubscriptionStartResult> {
  requireAnyProvider(deps.env);
  if (await liveSubscription(deps, userId)) fail(409, PAYMENTS_MSG.alreadySubscribed);
  return { paid_user_membership_type: type, amount: PLAN_PRICES[type], currency: "USD" };
}

/** Stripe's subscription status in our words. */
export function stripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === "active" || status === "trialing") return "ACTIVE";
  if (status === "past_due") return "PAST_DUE";
  if (status === "incomplete") return "PENDING";
  return "CANCELLED";
}

/** PayPal's subscription status in our words. */
export function paypalStatus(status: string): SubscriptionStatus {
  if (status === "ACTIVE") return "ACTIVE";
  if (status === "APPROVAL_PENDING" || status === "APPROVED") return "PENDING";
  return "CANCELLED";
}

/** The end of the paid period Stripe states (on the subscription item since API 2025-03). */
export function stripePeriodEnd(sub: Stripe.Subscription): number | null {
  const end = sub.items.data[0]?.current_period_end;
  return typeof end === "number" ? end * 1000 : null;
}

/** The membership a Stripe subscription is for; null when its price is not one of ours. */
export function stripeMembership(settings: StripeSettings, sub: Stripe.Subscription): MembershipType | null {
  return membershipOf(settings.prices, sub.items.data[0]?.price?.id);
}

export function paypalPeriodEnd(sub: PaypalSubscription): number | null {
  const next = sub.billing_info?.next_billing_time;
  const ms = next ? Date.parse(next) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}

export function paypalMembership(settings: PaypalSettings, sub: PaypalSubscription): MembershipType | null {
  return membershipOf(settings.plans, sub.plan_id);
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    subscription_id: row.providerSubscriptionId ?? "",
    payment_method: row.paymentMethod,
    paid_user_membership_type: row.membershipType,
    status: row.status,
    current_period_end: row.currentPeriodEnd === null ? null : new Date(row.currentPeriodEnd).toISOString(),
  };
}

/** The person's Stripe customer, made once (idempotency key from our user id). */
async function stripeCustomer(deps: Deps, stripe: Stripe, userId: number): Promise<string> {
  const { db } = deps;
  const account = await db.orm.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).get();
  if (account?.stripeCustomerId) return account.stripeCustomerId;
  const user = await db.orm
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const customer = await callStripe(() =>
    stripe.customers.create(
      { email: user?.email, name: user?.username, metadata: { user_id: String(userId) } },
      { idempotencyKey: `customer-${userId}` },
    ),
  );
  await db.orm
    .insert(paymentAccounts)
    .values({ userId, stripeCustomerId: customer.id })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { stripeCustomerId: customer.id } });
  return customer.id;
}

/**
 * `POST .../payment/stripe/complete/subscription`: the card's PaymentMethod becomes the default of
 * a new Stripe subscription to our price. Our row (PENDING) comes first, so its id keys every
 * POST to Stripe. The membership itself turns on with `invoice.paid`.
 */
export async function completeStripeSubscription(
  deps: Deps,
  userId: number,
  input: StripeCompleteSubscription,
): Promise<{ subscription_id: string; client_secret: string | null }> {
  const settings = requireStripe(deps.env);
  const price = settings.prices[input.paid_user_membership_type];
  if (!price) fail(503, PAYMENTS_MSG.stripeNotConfigured);
  if (await liveSubscription(deps, userId)) fail(409, PAYMENTS_MSG.alreadySubscribed);
  const stripe = stripeClient(settings);
  const customer = await stripeCustomer(deps, stripe, userId);
  const { db } = deps;
  const row = await db.orm
    .insert(subscriptions)
    .values({ userId, paymentMethod: "STRIPE", membershipType: input.paid_user_membership_type })
    .returning({ id: subscriptions.id })
    .get();
  try {
    await callStripe(() =>
      stripe.paymentMethods.attach(
        input.payment_method_id,
        { customer },
        { idempotencyKey: `subscription-${row.id}-attach` },
      ),
    );
    const sub = await callStripe(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          default_payment_method: input.payment_method_id,
          payment_behavior: "allow_incomplete",
          metadata: {
            user_id: String(userId),
            membership_type: input.paid_user_membership_type,
            subscription_row: String(row.id),
          },
          expand: ["latest_invoice.confirmation_secret"],
        },
        { idempotencyKey: `subscription-${row.id}` },
      ),
    );
    // Stripe's invoice.paid may have come first and made the row from the metadata: then ours,
    // still without a provider id, goes; otherwise it takes the id. One batch, so never both.
    await db.write([
      db.prepare({
        sql: `DELETE FROM subscriptions WHERE id = ? AND EXISTS (SELECT 1 FROM subscriptions
                WHERE payment_method = 'STRIPE' AND provider_subscription_id = ?)`,
        binds: [row.id, sub.id],
      }),
      db.prepare({
        sql: "UPDATE subscriptions SET provider_subscription_id = ?, current_period_end = ?, updated_at = ? WHERE id = ?",
        binds: [sub.id, stripePeriodEnd(sub), Date.now(), row.id],
      }),
    ]);
    const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
    const secret = sub.status === "incomplete" ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
    return { subscription_id: sub.id, client_secret: secret };
  } catch (error) {
    // Stripe made nothing we keep: the attempt's row goes.
    await db.orm.delete(subscriptions).where(eq(subscriptions.id, row.id));
    throw error;
  }
}

/**
 * `POST .../payment/paypal/complete/subscription`: PayPal's own answer decides. The subscription
 * must be ACTIVE and on our plan for the chosen membership, and nobody else's.
 */
export async function completePaypalSubscription(
  deps: Deps,
  userId: number,
  input: PaypalCompleteSubscription,
): Promise<Subscription> {
  const settings = requirePaypal(deps.env);
  const wanted = settings.plans[input.paid_user_membership_type];
  if (!wanted) fail(503, PAYMENTS_MSG.paypalNotConfigured);
  const { db } = deps;
  const live = await liveSubscription(deps, userId);
  if (live && !(live.paymentMethod === "PAYPAL" && live.providerSubscriptionId === input.subscription_id))
    fail(409, PAYMENTS_MSG.alreadySubscribed);
  const existing = await db.orm
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.paymentMethod, "PAYPAL"),
        eq(subscriptions.providerSubscriptionId, input.subscription_id),
      ),
    )
    .get();
  if (existing && existing.userId !== userId) fail(409, PAYMENTS_MSG.paypalTaken);
  const sub = await getPaypalSubscription(settings, input.subscription_id);
  if (!sub) fail(404, "PayPal does not know this subscription");
  if (sub.plan_id !== wanted) fail(400, PAYMENTS_MSG.paypalWrongPlan);
  if (sub.status !== "ACTIVE") fail(409, PAYMENTS_MSG.paypalNotActive);
  await db.write([
    setSubscription(db, {
      userId,
      provider: "PAYPAL",
      providerSubscriptionId: sub.id,
      membershipType: input.paid_user_membership_type,
      status: "ACTIVE",
      currentPeriodEnd: paypalPeriodEnd(sub),
    }),
  ]);
  const row = await db.orm
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.paymentMethod, "PAYPAL"), eq(subscriptions.providerSubscriptionId, sub.id)))
    .get();
  return toSubscription(row!);
}

/**
 * `DELETE .../payment/subscription/cancel`: immediate, as the Subscription Terms say. The
 * provider cancels, and its answer (Stripe's cancelled subscription, PayPal's lookup after the
 * cancel) sets the row, so the marks go at once.
 */
export async function cancelSubscription(deps: Deps, userId: number): Promise<void> {
  requireAnyProvider(deps.env);
  const { db } = deps;
  const row = await liveSubscription(deps, userId);
  if (!row?.providerSubscriptionId) fail(404, PAYMENTS_MSG.noSubscription);
  const providerId = row.providerSubscriptionId;
  if (row.paymentMethod === "STRIPE") {
    const settings = requireStripe(deps.env);
    const stripe = stripeClient(settings);
    const sub = await callStripe(() => stripe.subscriptions.cancel(providerId));
    await db.write([
      setSubscription(db, {
        userId,
        provider: "STRIPE",
        providerSubscriptionId: sub.id,
        membershipType: row.membershipType,
        status: stripeStatus(sub.status),
        currentPeriodEnd: stripePeriodEnd(sub),
      }),
    ]);
    return;
  }
  const settings = requirePaypal(deps.env);
  await cancelPaypalSubscription(settings, providerId, `cancel-${row.id}`);
  const sub = await getPaypalSubscription(settings, providerId);
  await db.write([
    setSubscription(db, {
      userId,
      provider: "PAYPAL",
      providerSubscriptionId: providerId,
      membershipType: row.membershipType,
      status: sub ? paypalStatus(sub.status) : "CANCELLED",
      currentPeriodEnd: sub ? paypalPeriodEnd(sub) : row.currentPeriodEnd,
    }),
  ]);
}
