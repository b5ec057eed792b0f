import { pageQuerySchema, pageSchema } from "../api";
import {
  CENTS_PER_DOLLAR,
  FIAT_TRANSFER_MIN_USD,
  MAX_PAGE_SIZE,
  PAYMENT_HISTORY_PAGE_SIZE,
} from "../constants";
import { MEMBERSHIP_TYPES } from "../enums";
import { z } from "../zod-jitless";
import { usernameSchema } from "./fields";
import { serviceKeySchema } from "./services";

// Payments (docs/decisions/070, docs/decisions/071).
// Amounts are integer cents in every request; answers render them as decimal strings.
//
// The calls (P = /api/v1/private/user, needs a user token):
//   GET    /api/v1/payment/config                      → PaymentConfig (nulls when not configured)
//   POST   P/payment/subscription/start                subscriptionStartSchema → subscriptionStartResultSchema (409 when active)
//   POST   P/payment/stripe/complete/subscription      form stripeCompleteSubscriptionSchema → stripeCompleteSubscriptionResultSchema
//   POST   P/payment/paypal/complete/subscription      paypalCompleteSubscriptionSchema → subscriptionSchema
//   DELETE P/payment/subscription/cancel               → 204 (404 when none is active)
//   POST   /api/v1/payment/stripe/webhook              Stripe's event (Stripe-Signature header) → {received: true}
//   POST   /api/v1/payment/paypal/webhook              PayPal's event (PayPal-Transmission-* headers) → {received: true}
//   POST   /api/v1/tip/stripe                          tipStripeSchema (token required) → CheckoutLink
//   POST   P/service/order                             serviceOrderSchema → CheckoutLink
//   PATCH  P/payment/stripe/onboarding-status          (no body) → OnboardingStatus
//   GET    P/payment/history/list                      paymentHistoryQuerySchema → page of PaymentHistoryItem
//   GET    /api/admin/private/payment/mismatch/list    pageQuerySchema → page of PaymentMismatch (admin token)
// Bodies are JSON or a form alike. Without provider keys every call but config answers
// 503 {"detail": "Payments are not configured"} (or "Stripe …"/"PayPal … is not configured").

export const PAYMENT_METHODS = ["STRIPE", "PAYPAL", "CRYPTO"] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PAYMENT_TYPES = [
  "VERIFIED_USER_SUBSCRIPTION",
  "SERVICE_PAYMENT",
  "SERVICE_SUBSCRIPTION",
  "FIAT_TRANSFER",
  "CRYPTO_TRANSFER",
  "REFERRAL_REWARD",
] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

/** PENDING until the provider confirms; only SUCCEEDED rows show in the history. */
export const PAYMENT_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Currencies of the ledger and the decimals of their smallest unit (cents, lamports). */
export const CURRENCY_DECIMALS = { USD: 2, SOL: 9, BTC: 8, ETH: 18 } as const;
export type Currency = keyof typeof CURRENCY_DECIMALS;

/** An integer of the currency's smallest unit as a decimal string, for display: 1050 USD → "10.50". */
export function formatAmount(amount: number, currency: string): string {
  const decimals = CURRENCY_DECIMALS[currency as Currency] ?? 2;
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  // Cents keep both places; coins drop trailing zeros.
  if (decimals > 2) fraction = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The smallest tip, in cents ($2). */
export const TIP_MIN_CENTS = FIAT_TRANSFER_MIN_USD * CENTS_PER_DOLLAR;
/** The largest card payment Stripe takes at once ($999,999), in whole dollars. */
export const TIP_MAX_USD = 999_999;

/** Field messages (i18n keys) and the API's money answers (`detail`). */
export const PAYMENTS_MSG = {
  required: "Required",
  amountMin: `Amount must be at least $${FIAT_TRANSFER_MIN_USD}`,
  amountMax: "Amount must be $999,999 or less",
  badId: "This is not a valid id",
  number: "Must be a number",
  integer: "Must be an integer",
  notConfigured: "Payments are not configured",
  stripeNotConfigured: "Stripe is not configured",
  paypalNotConfigured: "PayPal is not configured",
  alreadySubscribed: "You already have an active membership",
  noSubscription: "You do not have an active membership",
  selfTip: "You cannot send money to yourself",
  receiverNotReady: "This person cannot receive payments yet: they have not set up payouts",
  userNotFound: "This user does not exist",
  ownService: "You cannot order your own service",
  onboardingVerifiedOnly: "Only verified members can turn on payouts",
  paypalNotActive: "This PayPal subscription is not active",
  paypalWrongPlan: "This PayPal subscription is not for the chosen plan",
  paypalTaken: "This PayPal subscription belongs to another account",
  paypalNotYours: "This PayPal subscription was not started from your account",
  paypalDuplicateCancelled: "You already have a membership, so this PayPal subscription was cancelled",
  subscriptionStarting: "Your subscription is being started. Try again in a minute.",
  cancelledWhileStarting: "The membership was cancelled while it was being started",
  cancelIncomplete: "Some of your subscriptions could not be cancelled. Please try again.",
  cardFailed: "The card could not be charged",
  badSignature: "The webhook signature is missing, wrong or too old",
} as const;

export const membershipTypeSchema = z.enum(MEMBERSHIP_TYPES, { error: PAYMENTS_MSG.required });

/** A whole number from a form field or JSON; absent stays absent so that "Required" can be said. */
function integerField() {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({
        error: (issue) => (issue.input === undefined ? PAYMENTS_MSG.required : PAYMENTS_MSG.number),
      })
      .int(PAYMENTS_MSG.integer),
  );
}

// ---- GET /api/v1/payment/config

/** What the browser needs to take money; every field null when that provider is not configured. */
export const paymentConfigSchema = z
  .object({
    stripe_publishable_key: z.string().nullable(),
    paypal_client_id: z.string().nullable(),
    paypal_plan_id_user: z.string().nullable(),
    paypal_plan_id_business: z.string().nullable(),
    /** Plan prices in cents: USER 1000, BUSINESS 10000. */
    prices: z.object({ USER: z.number().int(), BUSINESS: z.number().int() }),
  })
  .meta({ id: "PaymentConfig" });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ---- Subscriptions (all under /api/v1/private/user)

/** `POST .../payment/subscription/start`: 409 when a membership is already active. */
export const subscriptionStartSchema = z.object({ paid_user_membership_type: membershipTypeSchema });
export type SubscriptionStart = z.infer<typeof subscriptionStartSchema>;
export const subscriptionStartResultSchema = z.object({
  paid_user_membership_type: z.enum(MEMBERSHIP_TYPES),
  /** The plan's monthly price in cents. */
  amount: z.number().int(),
  currency: z.literal("USD"),
  /**
   * What PayPal's createSubscription must carry as `custom_id`: the server grants a PayPal
   * subscription only to the person whose reference it holds. Null when PayPal is not configured.
   */
  paypal_custom_id: z.string().nullable(),
});
export type SubscriptionStartResult = z.infer<typeof subscriptionStartResultSchema>;

/** `POST .../payment/stripe/complete/subscription` (form): the card's PaymentMethod from Stripe.js. */
export const stripeCompleteSubscriptionSchema = z.object({
  payment_method_id: z
    .string({ error: PAYMENTS_MSG.required })
    .trim()
    .min(1, PAYMENTS_MSG.required)
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, PAYMENTS_MSG.badId),
  paid_user_membership_type: membershipTypeSchema,
});
export type StripeCompleteSubscription = z.infer<typeof stripeCompleteSubscriptionSchema>;
/**
 * The Stripe subscription's id; `client_secret` is set when the card needs confirming
 * (`stripe.confirmCardPayment(client_secret)` in the browser), null when it is already paid. The
 * membership turns on when Stripe's `invoice.paid` webhook arrives, not with this answer.
 */
export const stripeCompleteSubscriptionResultSchema = z.object({
  subscription_id: z.string(),
  client_secret: z.string().nullable(),
});
export type StripeCompleteSubscriptionResult = z.infer<typeof stripeCompleteSubscriptionResultSchema>;

/** `POST .../payment/paypal/complete/subscription`: the id PayPal's buttons returned on approval. */
export const paypalCompleteSubscriptionSchema = z.object({
  subscription_id: z
    .string({ error: PAYMENTS_MSG.required })
    .trim()
    .min(1, PAYMENTS_MSG.required)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, PAYMENTS_MSG.badId),
  paid_user_membership_type: membershipTypeSchema,
});
export type PaypalCompleteSubscription = z.infer<typeof paypalCompleteSubscriptionSchema>;

/** A membership as the server holds it after a completion call. */
export const subscriptionSchema = z
  .object({
    subscription_id: z.string(),
    payment_method: z.enum(["STRIPE", "PAYPAL"]),
    paid_user_membership_type: z.enum(MEMBERSHIP_TYPES),
    /** ACTIVE once the provider confirmed payment; PENDING before. */
    status: z.enum(["PENDING", "ACTIVE", "PAST_DUE", "CANCELLED"]),
    current_period_end: z.string().nullable(),
  })
  .meta({ id: "Subscription" });
export type Subscription = z.infer<typeof subscriptionSchema>;

// `DELETE .../payment/subscription/cancel` answers 204 (immediate, as the Subscription Terms say).

// ---- Tips and service orders (Stripe Checkout)

/** The send fiat dialog's field: whole dollars, at least $2 (sent to the API ×100, in cents). */
export const fiatAmountDollarsSchema = integerField().pipe(
  z.number().min(FIAT_TRANSFER_MIN_USD, PAYMENTS_MSG.amountMin).max(TIP_MAX_USD, PAYMENTS_MSG.amountMax),
);

/** The send fiat dialog's form. */
export const sendFiatFormSchema = z.object({ amount: fiatAmountDollarsSchema });
export type SendFiatFormInput = z.input<typeof sendFiatFormSchema>;

/** `POST /api/v1/tip/stripe` (signed in): `amount` in cents, at least 200. */
export const tipStripeSchema = z.object({
  username: usernameSchema,
  amount: integerField().pipe(
    z
      .number()
      .min(TIP_MIN_CENTS, PAYMENTS_MSG.amountMin)
      .max(TIP_MAX_USD * CENTS_PER_DOLLAR, PAYMENTS_MSG.amountMax),
  ),
});
export type TipStripe = z.infer<typeof tipStripeSchema>;

/** `POST .../service/order`: the service named as its page names it. */
export const serviceOrderSchema = serviceKeySchema;
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

/** Stripe Checkout's page: the browser goes there to pay. */
export const checkoutLinkSchema = z.object({ link: z.string() }).meta({ id: "CheckoutLink" });
export type CheckoutLink = z.infer<typeof checkoutLinkSchema>;

// ---- Payouts: PATCH .../payment/stripe/onboarding-status (no body)

export const PAYOUT_STATUSES = ["NOT_STARTED", "PENDING", "READY"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/**
 * READY when Stripe says charges and payouts are enabled (then no link); otherwise a fresh
 * Connect Express onboarding link to send the person to.
 */
export const onboardingStatusSchema = z
  .object({
    status: z.enum(PAYOUT_STATUSES),
    link: z.string().nullable(),
  })
  .meta({ id: "OnboardingStatus" });
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

// ---- GET .../payment/history/list (skip, limit; page size 12)

export const paymentHistoryQuerySchema = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAYMENT_HISTORY_PAGE_SIZE),
});
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

const paymentPartySchema = z.object({ username: z.string(), profile_image: z.string().nullable() });

/** One entry of the payment history: one movement of money the caller paid or received. */
export const paymentHistoryItemSchema = z
  .object({
    payment_id: z.string(),
    payment_method: paymentMethodSchema,
    payment_type: paymentTypeSchema,
    /** An integer of the currency's smallest unit, as stored: 1050 USD is $10.50, 500000000 SOL is 0.5 SOL. */
    amount_paid: z
      .number()
      .int()
      .describe("An integer of the currency's smallest unit: cents for USD, lamports for SOL"),
    currency: z.string(),
    /** Null for money from the platform (a referral reward) or a deleted account. */
    payer: paymentPartySchema.nullable(),
    user_is_payer: z.boolean(),
    receiver: paymentPartySchema.nullable(),
    user_is_receiver: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "PaymentHistoryItem" });
export type PaymentHistoryItem = z.infer<typeof paymentHistoryItemSchema>;
export const paymentHistoryPageSchema = pageSchema(paymentHistoryItemSchema);

// ---- Admin: GET /api/admin/private/payment/mismatch/list (skip, limit)

/** A difference the daily reconciliation found between our memberships and a provider's. */
export const paymentMismatchSchema = z
  .object({
    id: z.number().int(),
    username: z.string().nullable(),
    payment_method: z.enum(["STRIPE", "PAYPAL"]),
    subscription_id: z.string(),
    /** Our subscription row's status and the provider's, as found. */
    local_status: z.string(),
    provider_status: z.string(),
    detail: z.string(),
    created_at: z.string(),
  })
  .meta({ id: "PaymentMismatch" });
export type PaymentMismatch = z.infer<typeof paymentMismatchSchema>;
export const paymentMismatchPageSchema = pageSchema(paymentMismatchSchema);
