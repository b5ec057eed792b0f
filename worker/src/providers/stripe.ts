import Stripe from "stripe";
import type { MembershipType } from "#shared/enums.ts";
import { PAYMENTS_MSG } from "#shared/schemas/payments.ts";
import type { SubscriptionStatus } from "#worker/db/schema/index.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";

// Stripe's API through its SDK on the Workers runtime: the fetch HTTP client, SubtleCrypto for
// webhook signatures, and the base URL from STRIPE_API_BASE (host, port, protocol) so tests and
// browser journeys can point it at a stand-in speaking Stripe's wire format. Every request the
// Worker sends Stripe is built here, and Stripe's answers are put in our words here; the payments
// feature holds the rules (which call, when, with which idempotency key).

export { Stripe };

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Our prices: an event for any other price is not ours and is ignored. */
  prices: Record<MembershipType, string | null>;
  apiBase: string;
}

const set = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** Stripe's keys from the environment; null when the server has none (the calls answer 503). */
export function stripeSettings(env: Bindings): StripeSettings | null {
  const secretKey = set(env.STRIPE_SECRET_KEY);
  const publishableKey = set(env.STRIPE_PUBLISHABLE_KEY);
  if (!secretKey || !publishableKey) return null;
  return {
    secretKey,
    publishableKey,
    webhookSecret: set(env.STRIPE_WEBHOOK_SECRET),
    prices: { USER: set(env.STRIPE_PRICE_ID_USER), BUSINESS: set(env.STRIPE_PRICE_ID_BUSINESS) },
    apiBase: set(env.STRIPE_API_BASE) ?? "https://api.stripe.com",
  };
}

/** Webhook signatures older than this are refused (Stripe's own default tolerance). */
const STRIPE_SIGNATURE_TOLERANCE_S = 300;

const crypto = Stripe.createSubtleCryptoProvider();

export function stripeClient(settings: StripeSettings): Stripe {
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(settings.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: base.hostname,
    port: Number(base.port || (protocol === "http" ? 80 : 443)),
    protocol,
    maxNetworkRetries: 1,
    timeout: 20_000,
  });
}

/**
 * The event, once its signature over the raw body checks out (Stripe-Signature, the endpoint's
 * secret, at most five minutes old); 400 otherwise. Nothing is parsed before this.
 */
export async function verifyStripeEvent(
  settings: StripeSettings,
  rawBody: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!settings.webhookSecret) fail(503, PAYMENTS_MSG.stripeNotConfigured);
  if (!signature) fail(400, PAYMENTS_MSG.badSignature);
  try {
    return await Stripe.webhooks.constructEventAsync(
      rawBody,
      signature,
      settings.webhookSecret,
      STRIPE_SIGNATURE_TOLERANCE_S,
      crypto,
    );
  } catch {
    fail(400, PAYMENTS_MSG.badSignature);
  }
}

/**
 * A Stripe call, its failures turned into answers: a declined card is the payer's 400, anything
 * else from Stripe a 502 (never a 500 with Stripe's text).
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    stripeFailure(error);
  }
}

/** A failed Stripe call as the answer callStripe gives for it. */
export function stripeFailure(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) fail(400, error.message || PAYMENTS_MSG.cardFailed);
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
    fail(404, "The payment provider does not know this object");
  console.error("stripe call failed", error);
  fail(502, "The payment provider did not answer as expected. Please try again.");
}

/**
 * True when Stripe answered and refused (a declined card, a bad request): it made nothing. A
 * timeout, a 5xx, a rate limit or another request under the same idempotency key leave the
 * outcome unknown, so a reservation keyed by it must stay for a retry to learn it.
 */
export function stripeRefused(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError
  );
}

/** The id of an expandable field (`customer`, `subscription`): a string or an object with one. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

// ---- Stripe's answers in our words

/** Stripe's subscription status in our words. */
export function stripeStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  if (status === "active" || status === "trialing") return "ACTIVE";
  if (status === "past_due") return "PAST_DUE";
  if (status === "incomplete") return "PENDING";
  return "CANCELLED";
}

/** The end of the paid period Stripe states (on the subscription item since API 2025-03). */
export function stripePeriodEnd(sub: Stripe.Subscription): number | null {
  const end = sub.items.data[0]?.current_period_end;
  return typeof end === "number" ? end * 1000 : null;
}

/** The price a subscription is for (its first item's). */
export function stripePriceOf(sub: Stripe.Subscription): string | undefined {
  return sub.items.data[0]?.price?.id;
}

/** The subscription an invoice bills (API 2025-03 and later: under `parent`). */
export function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

/**
 * The client secret the browser confirms the first payment with, while the subscription waits for
 * it (`incomplete`); read from the expanded `latest_invoice.confirmation_secret`.
 */
export function confirmationSecretOf(sub: Stripe.Subscription): string | null {
  const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
  return sub.status === "incomplete" ? (invoice?.confirmation_secret?.client_secret ?? null) : null;
}

// ---- Requests

/** A customer for one of our people (their id in the metadata). */
export async function createStripeCustomer(
  stripe: Stripe,
  person: { userId: number; email: string | undefined; name: string | undefined },
  idempotencyKey: string,
): Promise<string> {
  const customer = await stripe.customers.create(
    { email: person.email, name: person.name, metadata: { user_id: String(person.userId) } },
    { idempotencyKey },
  );
  return customer.id;
}

/** The card's PaymentMethod attached to the customer (Stripe checks the card here). */
export async function attachStripeCard(
  stripe: Stripe,
  card: string,
  customer: string,
  idempotencyKey: string,
): Promise<void> {
  await stripe.paymentMethods.attach(card, { customer }, { idempotencyKey });
}

/**
 * A monthly subscription to `price` paid by `card`, left `incomplete` when the card needs
 * confirming, with the confirmation secret expanded. `metadata` is ours, returned on every read.
 */
export function createStripeSubscription(
  stripe: Stripe,
  input: { customer: string; price: string; card: string; metadata: Record<string, string> },
  idempotencyKey: string,
): Promise<Stripe.Subscription> {
  return stripe.subscriptions.create(
    {
      customer: input.customer,
      items: [{ price: input.price }],
      default_payment_method: input.card,
      payment_behavior: "allow_incomplete",
      metadata: input.metadata,
      expand: ["latest_invoice.confirmation_secret"],
    },
    { idempotencyKey },
  );
}

/** The subscription as Stripe holds it now (with the confirmation secret when asked). */
export function getStripeSubscription(
  stripe: Stripe,
  id: string,
  { withConfirmation = false } = {},
): Promise<Stripe.Subscription> {
  return withConfirmation
    ? stripe.subscriptions.retrieve(id, { expand: ["latest_invoice.confirmation_secret"] })
    : stripe.subscriptions.retrieve(id);
}

/** The subscription, or null when Stripe does not know it at all (404). */
export async function findStripeSubscription(
  stripe: Stripe,
  id: string,
): Promise<Stripe.Subscription | null> {
  return stripe.subscriptions.retrieve(id).catch((error: unknown) => {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  });
}

/** The customer's subscription (any status) whose metadata `key` is `value`; null when none. */
export async function findStripeSubscriptionByMetadata(
  stripe: Stripe,
  customer: string,
  key: string,
  value: string,
): Promise<Stripe.Subscription | null> {
  for await (const sub of stripe.subscriptions.list({ customer, status: "all", limit: 100 }))
    if (sub.metadata?.[key] === value) return sub;
  return null;
}

/** Stripe cancels now; a subscription it already ended answers with its final state. */
export async function cancelStripeSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription> {
  return callStripe(async () => {
    try {
      return await stripe.subscriptions.cancel(id);
    } catch (error) {
      if (!stripeRefused(error)) throw error;
      const sub = await stripe.subscriptions.retrieve(id);
      if (stripeStatus(sub.status) !== "CANCELLED") throw error;
      return sub;
    }
  });
}

/**
 * A Checkout session for one payment of `amount` cents, a destination charge to `destination`
 * (a Connect account); our payment's id is its client reference and in both metadata.
 */
export function createStripeCheckout(
  stripe: Stripe,
  input: {
    paymentId: string;
    paymentType: string;
    amount: number;
    name: string;
    destination: string;
    successUrl: string;
    cancelUrl: string;
  },
  idempotencyKey: string,
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: input.amount, product_data: { name: input.name } },
        },
      ],
      payment_intent_data: {
        transfer_data: { destination: input.destination },
        metadata: { payment_id: input.paymentId },
      },
      client_reference_id: input.paymentId,
      metadata: { payment_id: input.paymentId, payment_type: input.paymentType },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey },
  );
}

/** A Connect Express account for one of our people, asking for card payments and transfers. */
export async function createStripeConnectAccount(
  stripe: Stripe,
  person: { userId: number; email: string },
  idempotencyKey: string,
): Promise<string> {
  const account = await stripe.accounts.create(
    {
      type: "express",
      email: person.email,
      metadata: { user_id: String(person.userId) },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    },
    { idempotencyKey },
  );
  return account.id;
}

/** What Stripe says a Connect account may do. */
export interface StripeAccountState {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
}

export async function getStripeAccount(stripe: Stripe, id: string): Promise<StripeAccountState> {
  const account = await stripe.accounts.retrieve(id);
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
  };
}

/** Stripe's onboarding page for the account; both ways back lead to `back`. */
export async function createStripeOnboardingLink(
  stripe: Stripe,
  account: string,
  back: string,
  idempotencyKey: string,
): Promise<string> {
  const link = await stripe.accountLinks.create(
    { account, type: "account_onboarding", refresh_url: back, return_url: back },
    { idempotencyKey },
  );
  return link.url;
}
