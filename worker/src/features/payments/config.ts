import { CENTS_PER_DOLLAR, PLAN_PRICE_BUSINESS_USD, PLAN_PRICE_USER_USD } from "#shared/constants.ts";
import type { MembershipType } from "#shared/enums.ts";
import { PAYMENTS_MSG, type PaymentConfig } from "#shared/schemas/payments.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { type PaypalSettings, paypalSettings } from "#worker/providers/paypal.ts";
import { type StripeSettings, stripeSettings } from "#worker/providers/stripe.ts";

// Which providers this server has keys for: each provider is real code switched on by its keys
// (docs/decisions/006), read by its adapter (worker/src/providers/stripe.ts, paypal.ts). An empty
// variable is the same as an absent one: not configured, and the call answers 503.

/** Money calls (a card subscription, a tip, an order) per person per hour. */
export const MONEY_PER_HOUR = { max: 30, windowMs: 60 * 60_000 };

export const PLAN_PRICES: Record<MembershipType, number> = {
  USER: PLAN_PRICE_USER_USD * CENTS_PER_DOLLAR,
  BUSINESS: PLAN_PRICE_BUSINESS_USD * CENTS_PER_DOLLAR,
};

/** Stripe's settings, or 503 "Stripe is not configured". */
export function requireStripe(env: Bindings): StripeSettings {
  return stripeSettings(env) ?? fail(503, PAYMENTS_MSG.stripeNotConfigured);
}

/** PayPal's settings, or 503 "PayPal is not configured". */
export function requirePaypal(env: Bindings): PaypalSettings {
  return paypalSettings(env) ?? fail(503, PAYMENTS_MSG.paypalNotConfigured);
}

/** 503 "Payments are not configured" unless at least one provider is. */
export function requireAnyProvider(env: Bindings): void {
  if (!stripeSettings(env) && !paypalSettings(env)) fail(503, PAYMENTS_MSG.notConfigured);
}

/** The membership type a provider's price or plan id stands for; null when it is not ours. */
export function membershipOf(ids: Record<MembershipType, string | null>, id: string | null | undefined) {
  if (!id) return null;
  if (ids.USER === id) return "USER" as const;
  if (ids.BUSINESS === id) return "BUSINESS" as const;
  return null;
}

export function paymentConfig(env: Bindings): PaymentConfig {
  const stripe = stripeSettings(env);
  const paypal = paypalSettings(env);
  return {
    stripe_publishable_key: stripe?.publishableKey ?? null,
    paypal_client_id: paypal?.clientId ?? null,
    paypal_plan_id_user: paypal?.plans.USER ?? null,
    paypal_plan_id_business: paypal?.plans.BUSINESS ?? null,
    prices: PLAN_PRICES,
  };
}
