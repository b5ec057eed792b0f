import type { MembershipType } from "#shared/enums.ts";
import { PAYMENTS_MSG, type SubscriptionStartResult } from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import {
  cancelPaypalSubscription,
  getPaypalSubscription,
  paypalPeriodEnd,
  paypalSettings,
  paypalStatus,
} from "#worker/providers/paypal.ts";
import { cancelStripeSubscription, stripeClient } from "#worker/providers/stripe.ts";
import { boundReservation, stripeState } from "./card-subscriptions";
import { PLAN_PRICES, requireAnyProvider, requirePaypal, requireStripe } from "./config";
import { isOpen, LIVE_STATUSES, openSubscriptions, paypalReference } from "./memberships";
import { cancelReservation, type SubscriptionRow, setSubscription } from "./queries";

// Memberships: the pre-subscription check, card and PayPal completion, and cancelling. The marks
// follow the subscription rows (migration 0071); a card membership turns on with Stripe's
// `invoice.paid`, a PayPal one with PayPal's own answer about it.
//
// One open subscription per person (migration 0092, docs/decisions/096): a start first reserves
// the person's slot with an insert that the unique index lets only one request win, and only then
// calls the provider, every POST keyed by the reservation's id. A start that loses reads the
// winner's row and answers with the winner's subscription instead of making another.

// Completing a start: card-subscriptions.ts and paypal-subscriptions.ts.

// ---- The pre-subscription check

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
      await cancelReservation(db, row.id);
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
