import type { MembershipType } from "#shared/enums.ts";
import {
  PAYMENTS_MSG,
  type PaypalCompleteSubscription,
  type Subscription,
} from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import {
  cancelPaypalSubscription,
  getPaypalSubscription,
  type PaypalSubscription,
  paypalPeriodEnd,
  paypalStatus,
} from "#worker/providers/paypal.ts";
import {
  callStripe,
  cancelStripeSubscription,
  getStripeSubscription,
  stripeClient,
  stripeStatus,
} from "#worker/providers/stripe.ts";
import { boundReservation, stripeState } from "./card-subscriptions";
import { requirePaypal, requireStripe } from "./config";
import { isOpen, openSubscriptions, paypalBoundTo, REPLAY_WINDOW_MS, toSubscription } from "./memberships";
import {
  claimPaypalStatement,
  isSecondOpenSubscription,
  type SubscriptionRow,
  setSubscription,
  subscriptionById,
  subscriptionOfProvider,
} from "./queries";

// PayPal memberships: PayPal's own answer about a subscription decides, and it takes the person's
// one-open slot only when the slot is free or its holder gives way.

/** Our row for a PayPal subscription the caller verified as theirs: ACTIVE, or 409 for another open one. */
function claimPaypal(deps: Deps, userId: number, sub: PaypalSubscription, type: MembershipType) {
  return claimPaypalStatement(deps.db, {
    userId,
    providerSubscriptionId: sub.id,
    membershipType: type,
    periodEnd: paypalPeriodEnd(sub),
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
  const known = await subscriptionOfProvider(deps.db, "PAYPAL", input.subscription_id);
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
      const first = await subscriptionById(deps.db, open.id);
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
    const row = await subscriptionOfProvider(deps.db, "PAYPAL", sub.id);
    if (row?.userId !== userId) fail(409, PAYMENTS_MSG.paypalTaken);
    return toSubscription(row);
  }
  fail(409, PAYMENTS_MSG.subscriptionStarting);
}
