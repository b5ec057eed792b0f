import type { Delivery } from "./common.ts";
import { PaypalStandIn } from "./paypal.ts";
import { StripeStandIn } from "./stripe.ts";

// The test keys, prices and plans the worker tests and the browser journeys both give the server,
// and the two payment stand-ins set up with them. Only the API bases differ: the worker tests
// intercept fetch for made-up hosts, the journeys serve the stand-ins on local ports.

export const PAYMENT_TEST_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_agora",
  STRIPE_PUBLISHABLE_KEY: "pk_test_agora",
  STRIPE_WEBHOOK_SECRET: "whsec_test_agora",
  STRIPE_PRICE_ID_USER: "price_user_monthly",
  STRIPE_PRICE_ID_BUSINESS: "price_business_monthly",
  PAYPAL_CLIENT_ID: "paypal-client",
  PAYPAL_SECRET: "paypal-secret",
  PAYPAL_PLAN_ID_USER: "P-USER",
  PAYPAL_PLAN_ID_BUSINESS: "P-BUSINESS",
  PAYPAL_WEBHOOK_ID: "WH-AGORA",
} as const;

const K = PAYMENT_TEST_KEYS;

/** The app's webhook endpoints, under its base URL. */
const WEBHOOK_PATHS = {
  stripe: "/api/v1/payment/stripe/webhook",
  paypal: "/api/v1/payment/paypal/webhook",
} as const;

interface Wiring {
  /** Where the stand-in itself is reached (its hosted pages, its certificate). */
  publicUrl?: string;
  /** The app's base URL and how a delivery reaches it; without them events are only kept. */
  appBase?: string;
  deliver?: Delivery;
}

export function testStripe({ publicUrl, appBase, deliver }: Wiring = {}): StripeStandIn {
  return new StripeStandIn({
    secretKey: K.STRIPE_SECRET_KEY,
    publishableKey: K.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: K.STRIPE_WEBHOOK_SECRET,
    prices: { [K.STRIPE_PRICE_ID_USER]: 1000, [K.STRIPE_PRICE_ID_BUSINESS]: 10000 },
    ...(publicUrl ? { pagesUrl: publicUrl } : {}),
    ...(appBase && deliver ? { webhookUrl: `${appBase}${WEBHOOK_PATHS.stripe}`, deliver } : {}),
  });
}

export function testPaypal({ publicUrl, appBase, deliver }: Wiring = {}): PaypalStandIn {
  return new PaypalStandIn({
    clientId: K.PAYPAL_CLIENT_ID,
    secret: K.PAYPAL_SECRET,
    webhookId: K.PAYPAL_WEBHOOK_ID,
    plans: { [K.PAYPAL_PLAN_ID_USER]: "10.00", [K.PAYPAL_PLAN_ID_BUSINESS]: "100.00" },
    ...(publicUrl ? { publicUrl } : {}),
    ...(appBase && deliver ? { webhookUrl: `${appBase}${WEBHOOK_PATHS.paypal}`, deliver } : {}),
  });
}
