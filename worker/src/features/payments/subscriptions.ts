import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { MembershipType } from "#shared/enums.ts";
import {
  PAYMENTS_MSG,
  type PaypalCompleteSubscription,
  type StripeCompleteSubscription,
  type StripeCompleteSubscriptionResult,
  type Subscription,
  type SubscriptionStartResult,
} from "#shared/schemas/payments.ts";
import {
  OPEN_SUBSCRIPTION_STATUSES,
  paymentAccounts,
  type SubscriptionStatus,
  subscriptions,
  users,
} from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { iso } from "#worker/lib/time.ts";
import {
  cancelPaypalSubscription,
  getPaypalSubscription,
  type PaypalSettings,
  type PaypalSubscription,
  paypalPeriodEnd,
  paypalSettings,
  paypalStatus,
} from "#worker/providers/paypal.ts";
import {
  attachStripeCard,
  callStripe,
  cancelStripeSubscription,
  confirmationSecretOf,
  createStripeCustomer,
  createStripeSubscription,
  findStripeSubscriptionByMetadata,
  getStripeSubscription,
  type Stripe,
  type StripeSettings,
  stripeClient,
  stripeFailure,
  stripePeriodEnd,
  stripePriceOf,
  stripeRefused,
  stripeStatus,
} from "#worker/providers/stripe.ts";
import { membershipOf, PLAN_PRICES, requireAnyProvider, requirePaypal, requireStripe } from "./config";
import { isSecondOpenSubscription, setSubscription } from "./ledger";

// Memberships: the pre-subscription check, card and PayPal completion, and cancelling. The marks
// follow the subscription rows (migration 0071); a card membership turns on with Stripe's
// `invoice.paid`, a PayPal one with PayPal's own answer about it.
//
// One open subscription per person (migration 0092, docs/decisions/096): a start first reserves
// the person's slot with an insert that the unique index lets only one request win, and only then
// calls the provider, every POST keyed by the reservation's id. A start that loses reads the
// winner's row and answers with the winner's subscription instead of making another.

/** A membership that still gives the marks. */
export const LIVE_STATUSES: SubscriptionStatus[] = ["ACTIVE", "PAST_DUE"];

/**
 * Longer than a card start's provider calls can take (three calls of at most 20 s, each retried
 * once): a reservation still without Stripe's id after this lost its request, and Stripe is asked
 * what it made for it.
 */
export const IN_FLIGHT_MS = 3 * 60_000;
/** A start this soon after the open subscription's own start gets that subscription's answer again. */
export const REPLAY_WINDOW_MS = 10 * 60_000;
/** How long a second start (or the cancel call) waits for a first start's provider answer. */
const JOIN_WAIT_MS = 8_000;
const JOIN_POLL_MS = 150;

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The membership a Stripe subscription is for; null when its price is not one of ours. */
export function stripeMembership(settings: StripeSettings, sub: Stripe.Subscription): MembershipType | null {
  return membershipOf(settings.prices, stripePriceOf(sub));
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
    current_period_end: row.currentPeriodEnd === null ? null : iso(row.currentPeriodEnd),
  };
}

/** The person's open subscriptions, the one holding the one-open slot first. */
async function openSubscriptions({ db }: Deps, userId: number): Promise<SubscriptionRow[]> {
  return db.orm
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, OPEN_SUBSCRIPTION_STATUSES)))
    .orderBy(asc(subscriptions.isDuplicate), desc(subscriptions.id))
    .all();
}

async function rowById({ db }: Deps, id: number): Promise<SubscriptionRow | null> {
  return (await db.orm.select().from(subscriptions).where(eq(subscriptions.id, id)).get()) ?? null;
}

async function rowOf({ db }: Deps, provider: "STRIPE" | "PAYPAL", providerId: string) {
  const row = await db.orm
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.paymentMethod, provider), eq(subscriptions.providerSubscriptionId, providerId)),
    )
    .get();
  return row ?? null;
}

const isOpen = (status: SubscriptionStatus) =>
  (OPEN_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/**
 * A card reservation as it stands once its start has had time to hear from Stripe: the row when it
 * has Stripe's id or is no longer PENDING, null when it is gone (Stripe refused the card).
 */
async function settledReservation(deps: Deps, id: number): Promise<SubscriptionRow | null> {
  const until = Date.now() + JOIN_WAIT_MS;
  for (;;) {
    const row = await rowById(deps, id);
    if (!row || row.providerSubscriptionId || row.status !== "PENDING" || Date.now() >= until) return row;
    await new Promise((resolve) => setTimeout(resolve, JOIN_POLL_MS));
  }
}

// ---- The pre-subscription check and the person's PayPal reference

/** `POST .../payment/subscription/start`: 409 when a membership is already active. */
export async function startSubscription(
  deps: Deps,
  userId: number,
  type: MembershipType,
): Promise<SubscriptionStartResult> {
  requireAnyProvider(deps.env);
  const open = await openSubscriptions(deps, userId);
  if (open.some((row) => LIVE_STATUSES.includes(row.status))) fail(409, PAYMENTS_MSG.alreadySubscribed);
  return {
    paid_user_membership_type: type,
    amount: PLAN_PRICES[type],
    currency: "USD",
    paypal_custom_id: paypalSettings(deps.env) ? await paypalReference(deps, userId) : null,
  };
}

/** The person's PayPal `custom_id`, made once: random, so it names nobody to anyone else. */
async function paypalReference({ db }: Deps, userId: number): Promise<string> {
  const row = await db.first<{ paypal_custom_id: string }>({
    sql: `INSERT INTO payment_accounts (user_id, paypal_custom_id, updated_at) VALUES (?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET
            paypal_custom_id = COALESCE(payment_accounts.paypal_custom_id, excluded.paypal_custom_id)
          RETURNING paypal_custom_id`,
    binds: [userId, `agora-${publicId(20)}`, Date.now()],
  });
  return row!.paypal_custom_id;
}

/**
 * True when PayPal holds this person's reference as the subscription's `custom_id`: the SPA sets
 * it when the person starts the subscription, so someone else's subscription id proves nothing.
 */
export async function paypalBoundTo({ db }: Deps, userId: number, sub: PaypalSubscription): Promise<boolean> {
  if (!sub.custom_id) return false;
  const account = await db.orm
    .select({ ref: paymentAccounts.paypalCustomId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId))
    .get();
  return !!account?.ref && account.ref === sub.custom_id;
}

/** True when the subscription's `custom_id` is some person's reference (ours, not a stranger's). */
export async function paypalReferenceKnown({ db }: Deps, sub: PaypalSubscription): Promise<boolean> {
  if (!sub.custom_id) return false;
  const account = await db.orm
    .select({ userId: paymentAccounts.userId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.paypalCustomId, sub.custom_id))
    .get();
  return !!account;
}

// ---- Card subscriptions

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
  const customer = await createStripeCustomer(
    stripe,
    { userId, email: user?.email, name: user?.username },
    `customer-${userId}`,
  );
  await db.orm
    .insert(paymentAccounts)
    .values({ userId, stripeCustomerId: customer })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { stripeCustomerId: customer } });
  return customer;
}

function stripeState(settings: StripeSettings, row: SubscriptionRow, sub: Stripe.Subscription) {
  return {
    userId: row.userId,
    provider: "STRIPE" as const,
    providerSubscriptionId: sub.id,
    membershipType: stripeMembership(settings, sub) ?? row.membershipType,
    status: stripeStatus(sub.status),
    currentPeriodEnd: stripePeriodEnd(sub),
  };
}

function cardAnswer(sub: Stripe.Subscription): StripeCompleteSubscriptionResult {
  return { subscription_id: sub.id, client_secret: confirmationSecretOf(sub) };
}

/** The person's slot, reserved for a card start; null when another open subscription holds it. */
async function reserveCard(
  { db }: Deps,
  userId: number,
  input: StripeCompleteSubscription,
): Promise<SubscriptionRow | null> {
  try {
    return await db.orm
      .insert(subscriptions)
      .values({
        userId,
        paymentMethod: "STRIPE",
        membershipType: input.paid_user_membership_type,
        stripePaymentMethod: input.payment_method_id,
      })
      .returning()
      .get();
  } catch (error) {
    if (isSecondOpenSubscription(error)) return null;
    throw error;
  }
}

/** Frees the slot of a reservation Stripe made nothing for. */
async function dropReservation({ db }: Deps, id: number) {
  await db.orm
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.providerSubscriptionId)));
}

/**
 * Stripe's subscription onto our reservation. Stripe's `invoice.paid` may have come first and
 * bound it (or made a row from the metadata): then ours, still without a provider id, goes. One
 * batch, so never both.
 */
async function bindReservation({ db }: Deps, rowId: number, sub: Stripe.Subscription) {
  await db.write([
    db.prepare({
      sql: `DELETE FROM subscriptions WHERE id = ? AND provider_subscription_id IS NULL AND EXISTS
              (SELECT 1 FROM subscriptions WHERE payment_method = 'STRIPE' AND provider_subscription_id = ?)`,
      binds: [rowId, sub.id],
    }),
    db.prepare({
      sql: `UPDATE subscriptions SET provider_subscription_id = ?, current_period_end = COALESCE(current_period_end, ?),
              updated_at = ? WHERE id = ? AND provider_subscription_id IS NULL`,
      binds: [sub.id, stripePeriodEnd(sub), Date.now(), rowId],
    }),
  ]);
}

/**
 * The winner of the slot calls Stripe: customer, card, subscription, every POST keyed by the
 * reservation. Until the subscription call is sent any failure frees the slot; after, only
 * Stripe's own refusal does (a timeout leaves the outcome unknown: the reservation stays, and a
 * later start asks Stripe what it made).
 */
async function runReservation(
  deps: Deps,
  settings: StripeSettings,
  stripe: Stripe,
  row: SubscriptionRow,
): Promise<StripeCompleteSubscriptionResult> {
  const price = settings.prices[row.membershipType]!;
  const card = row.stripePaymentMethod!;
  let sent = false;
  let sub: Stripe.Subscription;
  try {
    const customer = await stripeCustomer(deps, stripe, row.userId);
    await attachStripeCard(stripe, card, customer, `subscription-${row.id}-attach`);
    sent = true;
    sub = await createStripeSubscription(
      stripe,
      {
        customer,
        price,
        card,
        metadata: {
          user_id: String(row.userId),
          membership_type: row.membershipType,
          subscription_row: String(row.id),
        },
      },
      `subscription-${row.id}`,
    );
  } catch (error) {
    if (!sent || stripeRefused(error)) await dropReservation(deps, row.id);
    stripeFailure(error);
  }
  await bindReservation(deps, row.id, sub);
  const held = await rowOf(deps, "STRIPE", sub.id);
  if (held?.status === "CANCELLED" && stripeStatus(sub.status) !== "CANCELLED") {
    // The person cancelled while Stripe was making it: it ends at Stripe too.
    const ended = await cancelStripeSubscription(stripe, sub.id);
    await deps.db.write([setSubscription(deps.db, stripeState(settings, held, ended))]);
    fail(409, PAYMENTS_MSG.cancelledWhileStarting);
  }
  return cardAnswer(sub);
}

/**
 * A reservation whose request is gone (no Stripe id after IN_FLIGHT_MS): Stripe is asked whether
 * it made a subscription for it (the `subscription_row` metadata), which then binds; otherwise the
 * reservation is freed. Nothing is created to find out.
 */
async function resolveStale(
  deps: Deps,
  settings: StripeSettings,
  stripe: Stripe,
  row: SubscriptionRow,
): Promise<SubscriptionRow | null> {
  const account = await deps.db.orm
    .select({ customer: paymentAccounts.stripeCustomerId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, row.userId))
    .get();
  const customer = account?.customer;
  const made = customer
    ? await callStripe(() =>
        findStripeSubscriptionByMetadata(stripe, customer, "subscription_row", String(row.id)),
      )
    : null;
  if (!made) {
    await dropReservation(deps, row.id);
    return null;
  }
  await bindReservation(deps, row.id, made);
  const bound = await rowOf(deps, "STRIPE", made.id);
  if (bound) await deps.db.write([setSubscription(deps.db, stripeState(settings, bound, made))]);
  return rowOf(deps, "STRIPE", made.id);
}

/**
 * A card reservation with Stripe's id if it has one by now (waited for while its start may still
 * be talking to Stripe, asked of Stripe when that start is gone), or null when it is gone.
 */
async function boundReservation(
  deps: Deps,
  settings: StripeSettings,
  stripe: Stripe,
  row: SubscriptionRow,
): Promise<SubscriptionRow | null> {
  if (row.providerSubscriptionId) return row;
  if (Date.now() - row.createdAt >= IN_FLIGHT_MS) return resolveStale(deps, settings, stripe, row);
  return settledReservation(deps, row.id);
}

/**
 * A card start that lost the slot to `open`: the first start's answer when it is the same
 * attempt (a double submit, a second tab); null when `open` gave way (ended, or an unpaid
 * subscription replaced by another card), so the caller reserves again; 409 otherwise.
 */
async function joinCardStart(
  deps: Deps,
  settings: StripeSettings,
  stripe: Stripe,
  open: SubscriptionRow,
  input: StripeCompleteSubscription,
): Promise<StripeCompleteSubscriptionResult | null> {
  if (open.paymentMethod !== "STRIPE" || open.isDuplicate) fail(409, PAYMENTS_MSG.alreadySubscribed);
  const row = await boundReservation(deps, settings, stripe, open);
  if (!row || !isOpen(row.status)) return null;
  if (!row.providerSubscriptionId) fail(409, PAYMENTS_MSG.subscriptionStarting);
  const providerId = row.providerSubscriptionId;
  const sub = await callStripe(() => getStripeSubscription(stripe, providerId, { withConfirmation: true }));
  const { db } = deps;
  if (stripeStatus(sub.status) === "CANCELLED") {
    await db.write([setSubscription(db, stripeState(settings, row, sub))]);
    return null;
  }
  if (sub.status === "incomplete" && row.stripePaymentMethod !== input.payment_method_id) {
    // Nothing was paid on it (its card awaits confirmation): another card takes over.
    const ended = await cancelStripeSubscription(stripe, sub.id);
    await db.write([setSubscription(db, stripeState(settings, row, ended))]);
    return null;
  }
  const paid = stripeStatus(sub.status) !== "PENDING";
  if (paid && row.status !== "PENDING" && Date.now() - row.createdAt >= REPLAY_WINDOW_MS)
    fail(409, PAYMENTS_MSG.alreadySubscribed);
  await db.write([setSubscription(db, stripeState(settings, row, sub))]);
  return cardAnswer(sub);
}

/**
 * `POST .../payment/stripe/complete/subscription`: the card's PaymentMethod becomes the default of
 * a Stripe subscription to our price, made only by the start that reserved the person's slot. The
 * membership itself turns on with `invoice.paid`.
 */
export async function completeStripeSubscription(
  deps: Deps,
  userId: number,
  input: StripeCompleteSubscription,
): Promise<StripeCompleteSubscriptionResult> {
  const settings = requireStripe(deps.env);
  if (!settings.prices[input.paid_user_membership_type]) fail(503, PAYMENTS_MSG.stripeNotConfigured);
  const stripe = stripeClient(settings);
  // Each round either answers or sees the open subscription end; three cover a race lost twice.
  for (let round = 0; round < 3; round++) {
    const [open] = await openSubscriptions(deps, userId);
    if (open) {
      const answer = await joinCardStart(deps, settings, stripe, open, input);
      if (answer) return answer;
      continue;
    }
    // Two starts may both have seen no open subscription: the index lets one insert.
    const reserved = await reserveCard(deps, userId, input);
    if (reserved) return runReservation(deps, settings, stripe, reserved);
  }
  fail(409, PAYMENTS_MSG.subscriptionStarting);
}

// ---- PayPal subscriptions

/** Our row for a PayPal subscription the caller verified as theirs: ACTIVE, or 409 for another open one. */
function claimPaypal(deps: Deps, userId: number, sub: PaypalSubscription, type: MembershipType) {
  const now = Date.now();
  return deps.db.prepare({
    sql: `INSERT INTO subscriptions
            (user_id, payment_method, provider_subscription_id, membership_type, status, current_period_end, created_at, updated_at)
          VALUES (?, 'PAYPAL', ?, ?, 'ACTIVE', ?, ?, ?)
          ON CONFLICT (payment_method, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL
          DO UPDATE SET membership_type = excluded.membership_type, status = excluded.status,
            current_period_end = excluded.current_period_end, updated_at = excluded.updated_at
          WHERE subscriptions.user_id = excluded.user_id`,
    binds: [userId, sub.id, type, paypalPeriodEnd(sub), now, now],
  });
}

/**
 * Whether the open subscription `open` gives way to an ACTIVE PayPal one: yes when it has ended
 * at its provider, or is a card subscription nothing was paid on yet (cancelled at Stripe now).
 */
async function givesWayToPaypal(deps: Deps, open: SubscriptionRow): Promise<boolean> {
  const { db } = deps;
  if (open.isDuplicate) return false;
  if (open.paymentMethod === "PAYPAL") {
    const settings = requirePaypal(deps.env);
    const theirs = await getPaypalSubscription(settings, open.providerSubscriptionId!);
    if (theirs && paypalStatus(theirs.status) !== "CANCELLED") return false;
    await db.write([
      setSubscription(db, {
        userId: open.userId,
        provider: "PAYPAL",
        providerSubscriptionId: open.providerSubscriptionId!,
        membershipType: open.membershipType,
        status: "CANCELLED",
        currentPeriodEnd: theirs ? paypalPeriodEnd(theirs) : open.currentPeriodEnd,
      }),
    ]);
    return true;
  }
  const settings = requireStripe(deps.env);
  const stripe = stripeClient(settings);
  const row = await boundReservation(deps, settings, stripe, open);
  if (!row || !isOpen(row.status)) return true;
  // A card start still under way after the wait counts as the first.
  if (!row.providerSubscriptionId) return false;
  const providerId = row.providerSubscriptionId;
  const sub = await callStripe(() => getStripeSubscription(stripe, providerId));
  if (stripeStatus(sub.status) === "PENDING") {
    const ended = await cancelStripeSubscription(stripe, sub.id);
    await db.write([setSubscription(db, stripeState(settings, row, ended))]);
    return true;
  }
  if (stripeStatus(sub.status) === "CANCELLED") {
    await db.write([setSubscription(db, stripeState(settings, row, sub))]);
    return true;
  }
  return false;
}

/**
 * `POST .../payment/paypal/complete/subscription`: PayPal's own answer decides. The subscription
 * must carry the caller's reference as `custom_id`, be ACTIVE and on our plan for the chosen
 * membership. It takes the person's slot; when another subscription holds it, this one is the
 * second: it is cancelled at PayPal (so it never bills again) and the first one answers.
 */
export async function completePaypalSubscription(
  deps: Deps,
  userId: number,
  input: PaypalCompleteSubscription,
): Promise<Subscription> {
  const settings = requirePaypal(deps.env);
  const type = input.paid_user_membership_type;
  const wanted = settings.plans[type];
  if (!wanted) fail(503, PAYMENTS_MSG.paypalNotConfigured);
  const { db } = deps;
  const known = await rowOf(deps, "PAYPAL", input.subscription_id);
  if (known && known.userId !== userId) fail(409, PAYMENTS_MSG.paypalTaken);
  if (known && isOpen(known.status)) return toSubscription(known);
  const sub = await getPaypalSubscription(settings, input.subscription_id);
  if (!sub) fail(404, "PayPal does not know this subscription");
  if (!(await paypalBoundTo(deps, userId, sub))) {
    console.warn("paypal subscription presented by someone it was not started for", sub.id);
    fail(403, PAYMENTS_MSG.paypalNotYours);
  }
  if (sub.plan_id !== wanted) fail(400, PAYMENTS_MSG.paypalWrongPlan);
  if (sub.status !== "ACTIVE") fail(409, PAYMENTS_MSG.paypalNotActive);

  for (let round = 0; round < 3; round++) {
    const open = (await openSubscriptions(deps, userId)).find(
      (row) => !(row.paymentMethod === "PAYPAL" && row.providerSubscriptionId === sub.id),
    );
    if (open) {
      if (await givesWayToPaypal(deps, open)) continue;
      await cancelPaypalSubscription(settings, sub.id, `duplicate-${sub.id}`);
      const after = await getPaypalSubscription(settings, sub.id);
      await db.write([
        setSubscription(db, {
          userId,
          provider: "PAYPAL",
          providerSubscriptionId: sub.id,
          membershipType: type,
          status: after ? paypalStatus(after.status) : "CANCELLED",
          currentPeriodEnd: paypalPeriodEnd(after ?? sub),
        }),
      ]);
      // A second tab's PayPal approval gets the first one's answer.
      const first = await rowById(deps, open.id);
      if (
        first?.paymentMethod === "PAYPAL" &&
        isOpen(first.status) &&
        Date.now() - first.createdAt < REPLAY_WINDOW_MS
      )
        return toSubscription(first);
      fail(409, PAYMENTS_MSG.paypalDuplicateCancelled);
    }
    try {
      await db.write([claimPaypal(deps, userId, sub, type)]);
    } catch (error) {
      if (isSecondOpenSubscription(error)) continue;
      throw error;
    }
    const row = await rowOf(deps, "PAYPAL", sub.id);
    if (row?.userId !== userId) fail(409, PAYMENTS_MSG.paypalTaken);
    return toSubscription(row);
  }
  fail(409, PAYMENTS_MSG.subscriptionStarting);
}

// ---- Cancelling

/** Ends one open subscription at its provider and writes the provider's answer. */
async function endSubscription(deps: Deps, open: SubscriptionRow): Promise<void> {
  const { db } = deps;
  if (open.paymentMethod === "STRIPE") {
    const settings = requireStripe(deps.env);
    const stripe = stripeClient(settings);
    const row = await boundReservation(deps, settings, stripe, open);
    if (!row || !isOpen(row.status)) return;
    if (!row.providerSubscriptionId) {
      // Its start is still talking to Stripe: the start sees this and cancels what Stripe made.
      await db.orm
        .update(subscriptions)
        .set({ status: "CANCELLED" })
        .where(and(eq(subscriptions.id, row.id), isNull(subscriptions.providerSubscriptionId)));
      return;
    }
    const sub = await cancelStripeSubscription(stripe, row.providerSubscriptionId);
    await db.write([setSubscription(db, stripeState(settings, row, sub))]);
    return;
  }
  const settings = requirePaypal(deps.env);
  const providerId = open.providerSubscriptionId!;
  await cancelPaypalSubscription(settings, providerId, `cancel-${open.id}`);
  const sub = await getPaypalSubscription(settings, providerId);
  await db.write([
    setSubscription(db, {
      userId: open.userId,
      provider: "PAYPAL",
      providerSubscriptionId: providerId,
      membershipType: open.membershipType,
      status: sub ? paypalStatus(sub.status) : "CANCELLED",
      currentPeriodEnd: sub ? paypalPeriodEnd(sub) : open.currentPeriodEnd,
    }),
  ]);
}

/**
 * `DELETE .../payment/subscription/cancel`: immediate, as the Subscription Terms say. Every open
 * subscription of the person ends at its provider (a second one from before the one-open rule
 * too), and each provider's answer sets its row, so the marks go at once. When some provider
 * fails, the others still end and the call answers 502: calling again ends the rest.
 */
export async function cancelSubscription(deps: Deps, userId: number): Promise<void> {
  requireAnyProvider(deps.env);
  const open = await openSubscriptions(deps, userId);
  if (!open.length) fail(404, PAYMENTS_MSG.noSubscription);
  const failures: unknown[] = [];
  for (const row of open) {
    try {
      await endSubscription(deps, row);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length === open.length) throw failures[0];
  if (failures.length) {
    console.error("cancel: some subscriptions did not end", failures);
    fail(502, PAYMENTS_MSG.cancelIncomplete);
  }
}
