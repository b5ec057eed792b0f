import {
  PAYMENTS_MSG,
  type StripeCompleteSubscription,
  type StripeCompleteSubscriptionResult,
} from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
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
  stripeRefused,
  stripeStatus,
} from "#worker/providers/stripe.ts";
import { MONEY_PER_HOUR, requireStripe } from "./config";
import {
  IN_FLIGHT_MS,
  isOpen,
  openSubscriptions,
  REPLAY_WINDOW_MS,
  settledReservation,
  stripeMembership,
} from "./memberships";
import {
  bindReservation,
  customerDetails,
  dropReservation,
  isSecondOpenSubscription,
  reserveCardRow,
  type SubscriptionRow,
  saveStripeCustomer,
  setSubscription,
  stripeCustomerOf,
  subscriptionOfProvider,
} from "./queries";

// Card memberships (docs/decisions/096): the start that wins the person's one-open slot with its
// reservation is the only one to call Stripe, every POST keyed by the reservation's id; a start
// that loses joins the winner's answer. The membership turns on with Stripe's `invoice.paid`.

/** The person's Stripe customer, made once (idempotency key from our user id). */
async function stripeCustomer(deps: Deps, stripe: Stripe, userId: number): Promise<string> {
  const { db } = deps;
  const known = await stripeCustomerOf(db, userId);
  if (known) return known;
  const user = await customerDetails(db, userId);
  const customer = await createStripeCustomer(
    stripe,
    { userId, email: user?.email, name: user?.username },
    `customer-${userId}`,
  );
  await saveStripeCustomer(db, userId, customer);
  return customer;
}

export function stripeState(settings: StripeSettings, row: SubscriptionRow, sub: Stripe.Subscription) {
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
    return await reserveCardRow(db, {
      userId,
      membershipType: input.paid_user_membership_type,
      paymentMethodId: input.payment_method_id,
    });
  } catch (error) {
    if (isSecondOpenSubscription(error)) return null;
    throw error;
  }
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
    if (!sent || stripeRefused(error)) await dropReservation(deps.db, row.id);
    stripeFailure(error);
  }
  await bindReservation(deps.db, row.id, { id: sub.id, periodEnd: stripePeriodEnd(sub) });
  const held = await subscriptionOfProvider(deps.db, "STRIPE", sub.id);
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
  const customer = await stripeCustomerOf(deps.db, row.userId);
  const made = customer
    ? await callStripe(() =>
        findStripeSubscriptionByMetadata(stripe, customer, "subscription_row", String(row.id)),
      )
    : null;
  if (!made) {
    await dropReservation(deps.db, row.id);
    return null;
  }
  await bindReservation(deps.db, row.id, { id: made.id, periodEnd: stripePeriodEnd(made) });
  const bound = await subscriptionOfProvider(deps.db, "STRIPE", made.id);
  if (bound) await deps.db.write([setSubscription(deps.db, stripeState(settings, bound, made))]);
  return subscriptionOfProvider(deps.db, "STRIPE", made.id);
}

/**
 * A card reservation with Stripe's id if it has one by now (waited for while its start may still
 * be talking to Stripe, asked of Stripe when that start is gone), or null when it is gone.
 */
export async function boundReservation(
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
  await hitRateLimit(deps.db, `subscribe:${userId}`, MONEY_PER_HOUR);
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
