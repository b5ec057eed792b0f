import Stripe from "stripe";
import { PAYMENTS_MSG } from "#shared/schemas/payments.ts";
import { fail } from "#worker/lib/errors.ts";
import type { StripeSettings } from "./config";

// Stripe through its SDK on the Workers runtime: the fetch HTTP client, SubtleCrypto for webhook
// signatures, and the base URL from STRIPE_API_BASE (host, port, protocol) so tests and browser
// journeys can point it at a stand-in speaking Stripe's wire format.

export { Stripe };

/** Webhook signatures older than this are refused (Stripe's own default tolerance). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

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
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
