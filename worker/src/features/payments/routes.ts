import { createRoute, z } from "@hono/zod-openapi";
import {
  checkoutLinkSchema,
  onboardingStatusSchema,
  PAYMENTS_MSG,
  type PaypalCompleteSubscription,
  paymentConfigSchema,
  paymentHistoryPageSchema,
  paymentHistoryQuerySchema,
  paypalCompleteSubscriptionSchema,
  type ServiceOrder,
  type StripeCompleteSubscription,
  type SubscriptionStart,
  serviceOrderSchema,
  stripeCompleteSubscriptionResultSchema,
  stripeCompleteSubscriptionSchema,
  subscriptionSchema,
  subscriptionStartResultSchema,
  subscriptionStartSchema,
  type TipStripe,
  tipStripeSchema,
} from "#shared/schemas/payments.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { requireUser } from "#worker/middleware/auth.ts";
import { completeStripeSubscription } from "./card-subscriptions";
import { orderService, tipByCard } from "./checkout";
import { paymentConfig } from "./config";
import { listHistory } from "./history";
import { onboardingStatus } from "./payouts";
import { completePaypalSubscription } from "./paypal-subscriptions";
import { cancelSubscription, startSubscription } from "./subscriptions";
import { receivePaypalEvent, receiveStripeEvent } from "./webhooks";

// Payments (docs/decisions/071): config, memberships, webhooks, tips and service
// orders by Stripe Checkout, payouts onboarding, the history, and staff's reconciliation list.

const tags = ["Payments"];
const PRIVATE = "/api/v1/private/user";
const NOT_CONFIGURED = `Without provider keys: 503 {"detail": "${PAYMENTS_MSG.notConfigured}"} (or Stripe/PayPal is not configured).`;

const received = z.object({ received: z.literal(true), outcome: z.string() });

const config = createRoute({
  method: "get",
  path: "/api/v1/payment/config",
  tags,
  summary:
    "What the browser needs to take money: publishable key, PayPal client and plan ids (null when not configured)",
  responses: { 200: json(paymentConfigSchema, "The public payment settings") },
});

const start = createRoute({
  method: "post",
  path: `${PRIVATE}/payment/subscription/start`,
  tags,
  summary: "Pre-subscription check: 409 when a membership is already active",
  description: NOT_CONFIGURED,
  security,
  request: { body: jsonOrForm(subscriptionStartSchema) },
  responses: {
    200: json(subscriptionStartResultSchema, "The plan and its monthly price in cents"),
    ...errorResponses(401, 409, 415, 422, 503),
  },
});

const stripeComplete = createRoute({
  method: "post",
  path: `${PRIVATE}/payment/stripe/complete/subscription`,
  tags,
  summary: "Card subscription (form: payment_method_id, paid_user_membership_type)",
  description: `Returns the Stripe subscription id, and a client_secret when the card needs confirming in the browser. The membership turns on when Stripe's invoice.paid arrives. A person has at most one open subscription: a second start while the first is under way or just done answers the first's subscription_id and client_secret (409 when another membership is active). ${NOT_CONFIGURED}`,
  security,
  request: { body: jsonOrForm(stripeCompleteSubscriptionSchema) },
  responses: {
    200: json(stripeCompleteSubscriptionResultSchema, "The subscription"),
    ...errorResponses(400, 401, 409, 415, 422, 502, 503),
  },
});

const paypalComplete = createRoute({
  method: "post",
  path: `${PRIVATE}/payment/paypal/complete/subscription`,
  tags,
  summary: "PayPal subscription after approval: verified with PayPal (custom_id, ACTIVE, our plan)",
  description: `The subscription's custom_id must be the caller's paypal_custom_id from the pre-subscription check (403 otherwise: someone else's subscription grants nothing). When the person already holds another open subscription, this one is cancelled at PayPal and the call answers the first (409 when that is an earlier membership). ${NOT_CONFIGURED}`,
  security,
  request: { body: jsonOrForm(paypalCompleteSubscriptionSchema) },
  responses: {
    200: json(subscriptionSchema, "The membership, ACTIVE"),
    ...errorResponses(400, 401, 403, 404, 409, 415, 422, 502, 503),
  },
});

const cancel = createRoute({
  method: "delete",
  path: `${PRIVATE}/payment/subscription/cancel`,
  tags,
  summary: "Cancel the membership, immediately (as the Subscription Terms say)",
  description:
    "Every open subscription of the person ends at its provider (Stripe and PayPal). 502 when a provider failed for some of them: calling again ends the rest.",
  security,
  responses: { 204: { description: "Cancelled; the mark is gone" }, ...errorResponses(401, 404, 502, 503) },
});

const stripeWebhook = createRoute({
  method: "post",
  path: "/api/v1/payment/stripe/webhook",
  tags,
  summary: "Stripe's events (Stripe-Signature checked on the raw body)",
  description:
    "invoice.paid, invoice.payment_failed, customer.subscription.updated/.deleted, checkout.session.completed, account.updated. Each event applies once; a missing, wrong or stale signature is a 400.",
  responses: { 200: json(received, "Applied, a duplicate, or not ours"), ...errorResponses(400, 503) },
});

const paypalWebhook = createRoute({
  method: "post",
  path: "/api/v1/payment/paypal/webhook",
  tags,
  summary: "PayPal's events (checked with PayPal's verify-webhook-signature)",
  description:
    "BILLING.SUBSCRIPTION.ACTIVATED/.CANCELLED/.SUSPENDED, PAYMENT.SALE.COMPLETED. A sale for a subscription not yet completed answers 409 so PayPal delivers it again.",
  responses: { 200: json(received, "Applied, a duplicate, or not ours"), ...errorResponses(400, 409, 503) },
});

const tip = createRoute({
  method: "post",
  path: "/api/v1/tip/stripe",
  tags,
  summary: "Tip someone by card: username, amount in cents (at least 200) → Stripe Checkout link",
  description: `Needs a user token. Not to yourself (400); the receiver must have payouts ready (409). ${NOT_CONFIGURED}`,
  security,
  middleware: [requireUser] as const,
  request: { body: jsonOrForm(tipStripeSchema) },
  responses: {
    200: json(checkoutLinkSchema, "Stripe Checkout's page"),
    ...errorResponses(400, 401, 404, 409, 415, 422, 429, 503),
  },
});

const order = createRoute({
  method: "post",
  path: `${PRIVATE}/service/order`,
  tags,
  summary: "Order a service by card: username, slug → Stripe Checkout link",
  description: `The provider is notified once Stripe says it is paid. ${NOT_CONFIGURED}`,
  security,
  request: { body: jsonOrForm(serviceOrderSchema) },
  responses: {
    200: json(checkoutLinkSchema, "Stripe Checkout's page"),
    ...errorResponses(400, 401, 404, 409, 415, 422, 429, 503),
  },
});

const onboarding = createRoute({
  method: "patch",
  path: `${PRIVATE}/payment/stripe/onboarding-status`,
  tags,
  summary: "Payouts: the Stripe Connect account's status, and an onboarding link until it is READY",
  description: `Verified members only (403). Until payouts are READY, a person with a second factor must have proved it in the last 5 minutes (403 with code step_up_required). ${NOT_CONFIGURED}`,
  security,
  responses: { 200: json(onboardingStatusSchema, "The status"), ...errorResponses(401, 403, 503) },
});

const history = createRoute({
  method: "get",
  path: `${PRIVATE}/payment/history/list`,
  tags,
  summary: "My payment history: paid and received, newest first (12 a page)",
  security,
  request: { query: paymentHistoryQuerySchema },
  responses: { 200: json(paymentHistoryPageSchema, "A page of payments"), ...errorResponses(401, 422) },
});

export const paymentsRoutes = createRouter()
  .openapi(config, (c) => c.json(paymentConfig(c.env), 200))
  .openapi(start, async (c) => {
    const body = readBody<SubscriptionStart>(c);
    return c.json(await startSubscription(c.var.deps, c.get("user").id, body.paid_user_membership_type), 200);
  })
  .openapi(stripeComplete, async (c) => {
    const body = readBody<StripeCompleteSubscription>(c);
    return c.json(await completeStripeSubscription(c.var.deps, c.get("user").id, body), 200);
  })
  .openapi(paypalComplete, async (c) => {
    const body = readBody<PaypalCompleteSubscription>(c);
    return c.json(await completePaypalSubscription(c.var.deps, c.get("user").id, body), 200);
  })
  .openapi(cancel, async (c) => {
    await cancelSubscription(c.var.deps, c.get("user").id);
    return c.body(null, 204);
  })
  .openapi(stripeWebhook, async (c) => {
    const outcome = await receiveStripeEvent(
      c.var.deps,
      await c.req.text(),
      c.req.header("stripe-signature"),
    );
    return c.json({ received: true as const, outcome }, 200);
  })
  .openapi(paypalWebhook, async (c) => {
    const outcome = await receivePaypalEvent(c.var.deps, await c.req.text(), (name) => c.req.header(name));
    return c.json({ received: true as const, outcome }, 200);
  })
  .openapi(tip, async (c) => {
    const body = readBody<TipStripe>(c);
    return c.json(await tipByCard(c.var.deps, c.get("user"), body), 200);
  })
  .openapi(order, async (c) => {
    const body = readBody<ServiceOrder>(c);
    return c.json(await orderService(c.var.deps, c.get("user"), body), 200);
  })
  .openapi(onboarding, async (c) =>
    c.json(await onboardingStatus(c.var.deps, c.get("user").id, c.get("user").factorAt), 200),
  )
  .openapi(history, async (c) =>
    c.json(await listHistory(c.var.deps, c.get("user").id, c.req.valid("query")), 200),
  );
