import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import {
  getPaypalSubscription,
  type PaypalEvent,
  type PaypalSettings,
  paypalEventSubscription,
  paypalPeriodEnd,
  paypalSaleOf,
  paypalStatus,
  verifyPaypalWebhook,
} from "#worker/providers/paypal.ts";
import {
  callStripe,
  getStripeAccount,
  getStripeSubscription,
  invoiceSubscription,
  type Stripe,
  type StripeSettings,
  stripeClient,
  stripePeriodEnd,
  stripeStatus,
  verifyStripeEvent,
} from "#worker/providers/stripe.ts";
import { membershipOf, requirePaypal, requireStripe } from "./config";
import { paypalBoundTo, paypalMembership, paypalReferenceKnown, stripeMembership } from "./memberships";
import {
  bindReservationFromEvent,
  eventSeen,
  isDuplicateEvent,
  notificationsWritten,
  notifyAbout,
  orderedService,
  type Provider,
  paymentByPublicId,
  paymentSucceeded,
  recordEvent,
  recordMembershipPayment,
  rewardReferrer,
  setAccountAbilities,
  setSubscription,
  subscriptionOfProvider,
} from "./queries";

// Provider events, applied exactly once (docs/decisions/071). Each handler reads the provider's
// current object (not the event's snapshot), so a late or replayed event sets the state the
// provider holds now; then the event id and every change land in one D1 batch.

export type Outcome = "applied" | "duplicate" | "ignored";

type D1Statement = D1PreparedStatement;

async function applyOnce(
  deps: Deps,
  provider: Provider,
  event: { id: string; type: string },
  effects: D1Statement[] | null,
): Promise<Outcome> {
  const { db } = deps;
  const statements = [recordEvent(db, provider, event.id, event.type), ...(effects ?? [])];
  let results: D1Result[];
  try {
    results = await db.write(statements);
  } catch (error) {
    if (isDuplicateEvent(error)) return "duplicate";
    throw error;
  }
  // Committed: the notifications it wrote reach the people's open tabs (after the answer).
  for (const row of notificationsWritten(statements, results))
    await deps.live.notification({
      id: row.id,
      userId: row.user_id,
      kind: row.kind,
      actorId: row.actor_id,
      link: row.link,
      text: row.text,
      createdAt: row.created_at,
    });
  return effects?.length ? "applied" : "ignored";
}

// ---- Stripe

interface ProviderState {
  userId: number;
  statements: D1Statement[];
  /** PayPal: the subscription carries the row's person's reference as its custom_id. */
  bound: boolean;
}

/** The subscription as Stripe holds it now, as statements; null when it is not for our prices. */
async function stripeSubscriptionState(
  deps: Deps,
  settings: StripeSettings,
  stripe: Stripe,
  subscriptionId: string,
): Promise<ProviderState | null> {
  const sub = await callStripe(() => getStripeSubscription(stripe, subscriptionId));
  const membership = stripeMembership(settings, sub);
  if (!membership) return null;
  const row = await subscriptionOfProvider(deps.db, "STRIPE", sub.id);
  // Our own subscriptions carry our user id in their metadata (set when we created them).
  const userId = row?.userId ?? Number(sub.metadata?.user_id);
  if (!Number.isInteger(userId) || userId <= 0) return null;
  const statements: D1Statement[] = [];
  const reservation = Number(sub.metadata?.subscription_row);
  if (!row && Number.isInteger(reservation) && reservation > 0)
    // Stripe spoke before its answer to our start reached us: the reservation it was made for
    // takes it, so the person's slot holds this subscription and no second row appears.
    statements.push(
      bindReservationFromEvent(deps.db, {
        reservationId: reservation,
        userId,
        providerSubscriptionId: sub.id,
      }),
    );
  statements.push(
    setSubscription(deps.db, {
      userId,
      provider: "STRIPE",
      providerSubscriptionId: sub.id,
      membershipType: membership,
      status: stripeStatus(sub.status),
      currentPeriodEnd: stripePeriodEnd(sub),
    }),
  );
  return { userId, statements, bound: true };
}

async function stripeEffects(
  deps: Deps,
  settings: StripeSettings,
  event: Stripe.Event,
): Promise<D1Statement[] | null> {
  const { db } = deps;
  const stripe = stripeClient(settings);
  switch (event.type) {
    case "invoice.paid": {
      const invoice = event.data.object;
      const subId = invoiceSubscription(invoice);
      if (!subId || !invoice.id) return null;
      const state = await stripeSubscriptionState(deps, settings, stripe, subId);
      if (!state) return null;
      const payment = {
        provider: "STRIPE" as const,
        providerRef: invoice.id,
        userId: state.userId,
        amount: invoice.amount_paid,
        currency: invoice.currency,
      };
      const money =
        invoice.amount_paid > 0 ? [recordMembershipPayment(db, payment), rewardReferrer(db, payment)] : [];
      return [...state.statements, ...money];
    }
    case "invoice.payment_failed": {
      const subId = invoiceSubscription(event.data.object);
      if (!subId) return null;
      const state = await stripeSubscriptionState(deps, settings, stripe, subId);
      if (!state) return null;
      return [
        ...state.statements,
        notifyAbout(db, {
          userId: state.userId,
          kind: "PAYMENT_FAILED",
          actorId: null,
          link: "/account/subscription",
          text: null,
        }),
      ];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const state = await stripeSubscriptionState(deps, settings, stripe, event.data.object.id);
      return state ? state.statements : null;
    }
    case "checkout.session.completed":
      return checkoutEffects(deps, event.data.object);
    case "account.updated": {
      const account = await callStripe(() => getStripeAccount(stripe, event.data.object.id));
      return [setAccountAbilities(db, account)];
    }
    default:
      return null;
  }
}

/**
 * A paid Checkout session fulfils our PENDING ledger row (a tip or a service order) once: the
 * row must be ours (its id in the session's metadata, the session id we stored, the same amount).
 * A service order notifies its provider in the same batch.
 */
async function checkoutEffects(
  { db }: Deps,
  session: Stripe.Checkout.Session,
): Promise<D1Statement[] | null> {
  const paymentId = session.metadata?.payment_id;
  if (!paymentId || session.payment_status !== "paid") return null;
  const row = await paymentByPublicId(db, paymentId);
  if (
    row?.paymentMethod !== "STRIPE" ||
    row.providerRef !== session.id ||
    row.amount !== session.amount_total
  )
    return null;
  const effects = [paymentSucceeded(db, row.id)];
  if (row.paymentType === "SERVICE_PAYMENT" && row.receiverId !== null && row.status === "PENDING") {
    const service = await orderedService(db, row.serviceId);
    effects.push(
      notifyAbout(db, {
        userId: row.receiverId,
        kind: "SERVICE_ORDER",
        actorId: row.payerId,
        link: service ? `/service/${service.username}/${service.slug}` : null,
        text: service?.title ?? null,
      }),
    );
  }
  return effects;
}

/** `POST .../webhook/stripe`: the signed event (`raw`, its `signature` header), applied once. */
export async function receiveStripeEvent(
  deps: Deps,
  raw: string,
  signature: string | undefined,
): Promise<Outcome> {
  const settings = requireStripe(deps.env);
  const event = await verifyStripeEvent(settings, raw, signature);
  return handleStripeEvent(deps, settings, event);
}

async function handleStripeEvent(
  deps: Deps,
  settings: StripeSettings,
  event: Stripe.Event,
): Promise<Outcome> {
  if (await eventSeen(deps.db, "STRIPE", event.id)) return "duplicate";
  return applyOnce(deps, "STRIPE", event, await stripeEffects(deps, settings, event));
}

// ---- PayPal

/**
 * The subscription as PayPal holds it now, for a subscription we know; null otherwise. A
 * subscription whose custom_id is not the reference of the row's person grants nothing: its
 * event is ignored (and logged) unless it ends the row.
 */
async function paypalSubscriptionState(
  deps: Deps,
  settings: PaypalSettings,
  subscriptionId: string,
): Promise<ProviderState | null> {
  const row = await subscriptionOfProvider(deps.db, "PAYPAL", subscriptionId);
  if (!row) return null;
  const sub = await getPaypalSubscription(settings, subscriptionId);
  if (!sub) return null;
  const membership = paypalMembership(settings, sub);
  if (!membership) return null;
  const status = paypalStatus(sub.status);
  const bound = await paypalBoundTo(deps, row.userId, sub);
  if (!bound && status !== "CANCELLED") {
    console.warn("paypal event ignored: the subscription's custom_id is not its member's", sub.id);
    return null;
  }
  return {
    userId: row.userId,
    bound,
    statements: [
      setSubscription(deps.db, {
        userId: row.userId,
        provider: "PAYPAL",
        providerSubscriptionId: sub.id,
        membershipType: membership,
        status,
        currentPeriodEnd: paypalPeriodEnd(sub),
      }),
    ],
  };
}

/** Thrown when an event is for a subscription we do not know yet: PayPal will deliver it again. */
class NotYetKnown extends Error {}

async function paypalEffects(
  deps: Deps,
  settings: PaypalSettings,
  event: PaypalEvent,
): Promise<D1Statement[] | null> {
  switch (event.event_type) {
    case "BILLING.SUBSCRIPTION.ACTIVATED":
    case "BILLING.SUBSCRIPTION.UPDATED":
    case "BILLING.SUBSCRIPTION.CANCELLED":
    case "BILLING.SUBSCRIPTION.SUSPENDED":
    case "BILLING.SUBSCRIPTION.EXPIRED": {
      const about = paypalEventSubscription(event);
      if (!about) return null;
      // Not ours (yet): the completion call looks the subscription up itself.
      if (about.planId !== null && !membershipOf(settings.plans, about.planId)) return null;
      const state = await paypalSubscriptionState(deps, settings, about.id);
      return state ? state.statements : null;
    }
    case "PAYMENT.SALE.COMPLETED": {
      const sale = paypalSaleOf(event);
      if (!sale) return null;
      const { saleId, subscriptionId: agreement, cents, currency } = sale;
      const known = await subscriptionOfProvider(deps.db, "PAYPAL", agreement);
      if (!known) {
        // A sale can arrive before the completion call made the row: PayPal retries non-2xx. Only
        // for a subscription one of our people started (its custom_id): others are not ours.
        const sub = await getPaypalSubscription(settings, agreement);
        if (sub && paypalMembership(settings, sub) && (await paypalReferenceKnown(deps, sub)))
          throw new NotYetKnown(agreement);
        if (sub) console.warn("paypal sale ignored: no person started this subscription", agreement);
        return null;
      }
      const state = await paypalSubscriptionState(deps, settings, agreement);
      if (!state) return null;
      // Money is recorded for its member only when the subscription is bound to them.
      if (!state.bound) return state.statements;
      const payment = {
        provider: "PAYPAL" as const,
        providerRef: saleId,
        userId: state.userId,
        amount: cents,
        currency,
      };
      return [
        ...state.statements,
        recordMembershipPayment(deps.db, payment),
        rewardReferrer(deps.db, payment),
      ];
    }
    default:
      return null;
  }
}

/**
 * `POST .../webhook/paypal`: the event PayPal signed (`raw`, its headers by `header`), applied
 * once; 409 when it is about a subscription not completed yet (PayPal delivers it again later).
 */
export async function receivePaypalEvent(
  deps: Deps,
  raw: string,
  header: (name: string) => string | undefined,
): Promise<Outcome> {
  const settings = requirePaypal(deps.env);
  await verifyPaypalWebhook(settings, raw, header);
  const event = JSON.parse(raw) as PaypalEvent;
  if (
    typeof event?.id !== "string" ||
    typeof event.event_type !== "string" ||
    typeof event.resource !== "object"
  )
    fail(400, "Not a PayPal event");
  try {
    return await handlePaypalEvent(deps, settings, event);
  } catch (error) {
    if (error instanceof NotYetKnown)
      fail(409, "This subscription is not completed yet; deliver again later");
    throw error;
  }
}

async function handlePaypalEvent(deps: Deps, settings: PaypalSettings, event: PaypalEvent): Promise<Outcome> {
  if (await eventSeen(deps.db, "PAYPAL", event.id)) return "duplicate";
  return applyOnce(
    deps,
    "PAYPAL",
    { id: event.id, type: event.event_type },
    await paypalEffects(deps, settings, event),
  );
}
