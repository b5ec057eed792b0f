import type { MembershipType } from "#shared/enums.ts";
import type { Subscription } from "#shared/schemas/payments.ts";
import { OPEN_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { publicId } from "#worker/lib/ids.ts";
import { iso } from "#worker/lib/time.ts";
import type { PaypalSettings, PaypalSubscription } from "#worker/providers/paypal.ts";
import { type Stripe, type StripeSettings, stripePriceOf } from "#worker/providers/stripe.ts";
import { membershipOf } from "./config";
import {
  openSubscriptionRows,
  paypalReferenceHeld,
  paypalReferenceOf,
  paypalReferenceOfUser,
  type SubscriptionRow,
  subscriptionById,
} from "./queries";

// What the membership flows share (subscriptions.ts, card-subscriptions.ts,
// paypal-subscriptions.ts) and the webhooks read: the open statuses, the waits of the one-open
// slot, and whose PayPal reference a subscription carries.

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

/** The membership a Stripe subscription is for; null when its price is not one of ours. */
export function stripeMembership(settings: StripeSettings, sub: Stripe.Subscription): MembershipType | null {
  return membershipOf(settings.prices, stripePriceOf(sub));
}

export function paypalMembership(settings: PaypalSettings, sub: PaypalSubscription): MembershipType | null {
  return membershipOf(settings.plans, sub.plan_id);
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    subscription_id: row.providerSubscriptionId ?? "",
    payment_method: row.paymentMethod,
    paid_user_membership_type: row.membershipType,
    status: row.status,
    current_period_end: row.currentPeriodEnd === null ? null : iso(row.currentPeriodEnd),
  };
}

/** The person's open subscriptions, the one holding the one-open slot first. */
export function openSubscriptions({ db }: Deps, userId: number): Promise<SubscriptionRow[]> {
  return openSubscriptionRows(db, userId);
}

export const isOpen = (status: SubscriptionStatus) =>
  (OPEN_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/**
 * A card reservation as it stands once its start has had time to hear from Stripe: the row when it
 * has Stripe's id or is no longer PENDING, null when it is gone (Stripe refused the card).
 */
export async function settledReservation(deps: Deps, id: number): Promise<SubscriptionRow | null> {
  const until = Date.now() + JOIN_WAIT_MS;
  for (;;) {
    const row = await subscriptionById(deps.db, id);
    if (!row || row.providerSubscriptionId || row.status !== "PENDING" || Date.now() >= until) return row;
    await new Promise((resolve) => setTimeout(resolve, JOIN_POLL_MS));
  }
}

// ---- The person's PayPal reference

/** The person's PayPal `custom_id`, made once: random, so it names nobody to anyone else. */
export function paypalReference({ db }: Deps, userId: number): Promise<string> {
  return paypalReferenceOf(db, userId, `agora-${publicId(20)}`);
}

/**
 * True when PayPal holds this person's reference as the subscription's `custom_id`: the SPA sets
 * it when the person starts the subscription, so someone else's subscription id proves nothing.
 */
export async function paypalBoundTo({ db }: Deps, userId: number, sub: PaypalSubscription): Promise<boolean> {
  if (!sub.custom_id) return false;
  const ref = await paypalReferenceOfUser(db, userId);
  return !!ref && ref === sub.custom_id;
}

/** True when the subscription's `custom_id` is some person's reference (ours, not a stranger's). */
export async function paypalReferenceKnown({ db }: Deps, sub: PaypalSubscription): Promise<boolean> {
  if (!sub.custom_id) return false;
  return paypalReferenceHeld(db, sub.custom_id);
}
