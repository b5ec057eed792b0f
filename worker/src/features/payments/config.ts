import { CENTS_PER_DOLLAR, PLAN_PRICE_BUSINESS_USD, PLAN_PRICE_USER_USD } from "#shared/constants.ts";
import type { MembershipType } from "#shared/enums.ts";
import { PAYMENTS_MSG, type PaymentConfig } from "#shared/schemas/payments.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";

// Which providers this server has keys for: each provider is real code switched on by its keys
// (docs/decisions/006). An empty variable is the same as an absent one: not configured, and the
// call answers 503.

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Our prices: an event for any other price is not ours and is ignored. */
  prices: Record<MembershipType, string | null>;
  apiBase: string;
}

export interface PaypalSettings {
  clientId: string;
  secret: string;
  webhookId: string | null;
  plans: Record<MembershipType, string | null>;
  apiBase: string;
}

const set = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export const PLAN_PRICES: Record<MembershipType, number> = {
  USER: PLAN_PRICE_USER_USD * CENTS_PER_DOLLAR,
  BUSINESS: PLAN_PRICE_BUSINESS_USD * CENTS_PER_DOLLAR,
};

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

export function paypalSettings(env: Bindings): PaypalSettings | null {
  const clientId = set(env.PAYPAL_CLIENT_ID);
  const secret = set(env.PAYPAL_SECRET);
  if (!clientId || !secret) return null;
  return {
    clientId,
    secret,
    webhookId: set(env.PAYPAL_WEBHOOK_ID),
    plans: { USER: set(env.PAYPAL_PLAN_ID_USER), BUSINESS: set(env.PAYPAL_PLAN_ID_BUSINESS) },
    apiBase: (set(env.PAYPAL_API_BASE) ?? "https://api-m.paypal.com").replace(/\/+$/, ""),
  };
}

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
