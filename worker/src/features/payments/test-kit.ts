import { expect, vi } from "vitest";
import { type RecordedCall, recordCall } from "#stand-ins/common.ts";
import { PAYMENT_TEST_KEYS, testPaypal, testStripe } from "#stand-ins/payment-keys.ts";
import { type PaypalStandIn, paypalWebhookEvent } from "#stand-ins/paypal.ts";
import { type StripeStandIn, stripeSignature, stripeWebhookEvent } from "#stand-ins/stripe.ts";
import app from "#worker/app.ts";
import { paymentAccounts } from "#worker/db/schema/index.ts";
import { deps, detail, env, json } from "#worker-test/api.ts";
import { checkAgainstDocument } from "#worker-test/openapi-check.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";

// Stripe and PayPal for the payments tests: fetch intercepted and handed to the providers'
// stand-ins (test-support/stand-ins/, the same ones the browser journeys serve over HTTP), which
// answer in the providers' wire formats and hold their state, so a webhook handler's fresh read
// sees what the provider holds now. Their own webhooks are kept, not delivered: a test delivers the
// events it means, signed by the stand-in as the provider signs them. `call` reaches the Worker
// with the keys set.

export const KEYS = {
  ...PAYMENT_TEST_KEYS,
  STRIPE_API_BASE: "https://stripe.test",
  PAYPAL_API_BASE: "https://paypal.test",
} as const;

export const NO_KEYS = Object.fromEntries(Object.keys(KEYS).map((k) => [k, ""]));

export async function call(path: string, init: RequestInit = {}, keys: Record<string, string> = KEYS) {
  const response = await app.request(path, init, { ...env, ...keys });
  // Held against the OpenAPI document like every answer of `api()`.
  await checkAgainstDocument(
    { method: init.method ?? "GET", url: `http://localhost${path}` },
    response.clone(),
  );
  return response;
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
}

export type Recorded = RecordedCall;

type Json = Record<string, unknown>;

let active: Providers | null = null;

/** The providers' side: a stand-in each, and every request our Worker sent either, in order. */
export class Providers {
  readonly stripe: StripeStandIn = testStripe();
  readonly paypal: PaypalStandIn = testPaypal();
  readonly calls: Recorded[] = [];
  /** A payment method id that makes Stripe ask for confirmation (3-D Secure). */
  static readonly NEEDS_CONFIRMING = "pm_card_authenticationRequired";
  static readonly DECLINED = "pm_card_chargeDeclined";

  install() {
    active = this;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init as RequestInit);
      const host = new URL(request.url).hostname;
      const standIn =
        host === new URL(KEYS.STRIPE_API_BASE).hostname
          ? this.stripe
          : host === new URL(KEYS.PAYPAL_API_BASE).hostname
            ? this.paypal
            : null;
      if (!standIn) throw new Error(`unexpected outbound request ${request.method} ${request.url}`);
      this.calls.push(await recordCall(request));
      return standIn.handle(request);
    });
    return this;
  }

  get stripeSubscriptions() {
    return this.stripe.subscriptions;
  }
  get stripeAccounts() {
    return this.stripe.accounts;
  }
  get paypalSubscriptions() {
    return this.paypal.subscriptions;
  }

  set onSubscriptionCreated(hook: ((sub: Json) => Promise<void>) | null) {
    this.stripe.onSubscriptionCreated = hook;
  }

  stripePosts() {
    return this.stripe.posts();
  }

  /** The subscriptions Stripe was asked to make (POST /v1/subscriptions, replays included). */
  subscriptionCreates() {
    return this.stripePosts().filter((c) => c.path === "/v1/subscriptions");
  }

  stripeSubscription(input: { price: string; status?: string; userId?: number; id?: string }): Json {
    return this.stripe.subscription(input);
  }

  paypalSubscription(input: { plan: string; status?: string; id?: string; customId?: string }): Json {
    return this.paypal.subscription(input);
  }

  /** A payout account Stripe has enabled, for someone who can receive money. */
  async readyToReceive(user: { id: number }) {
    const id = this.stripe.enabledAccount();
    await deps.db.orm
      .insert(paymentAccounts)
      .values({ userId: user.id, stripeAccountId: id, chargesEnabled: true, payoutsEnabled: true });
    return id;
  }
}

function installed(): Providers {
  if (!active) throw new Error("new Providers().install() first");
  return active;
}

// ---- Webhook deliveries

/** A Stripe event as Stripe sends it (the stand-in's format). */
export async function stripeEvent(type: string, object: Json, id?: string) {
  return stripeWebhookEvent(type, object, id);
}

/** `Stripe-Signature` as Stripe computes it, with the endpoint's secret unless another is given. */
export async function signStripe(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  return stripeSignature(payload, opts.secret ?? KEYS.STRIPE_WEBHOOK_SECRET, opts.timestamp);
}

export async function deliverStripe(event: { payload: string }, headers?: Record<string, string>) {
  const signature = headers ?? { "stripe-signature": await signStripe(event.payload) };
  return call("/api/v1/payment/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", ...signature },
    body: event.payload,
  });
}

/** An invoice as `invoice.paid` carries it (API 2025-03 and later: the subscription is under parent). */
export function invoice(
  subscriptionId: string,
  amount = 1000,
  id = `in_${crypto.randomUUID().slice(0, 12)}`,
): Json {
  return {
    id,
    object: "invoice",
    amount_paid: amount,
    currency: "usd",
    status: "paid",
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
  };
}

export function paypalEvent(type: string, resource: Json, id?: string) {
  return paypalWebhookEvent(type, resource, id);
}

/**
 * PayPal's transmission headers for `event`, signed by the PayPal stand-in; `overrides` replace or
 * (null) drop some, as a forger would.
 */
export function paypalHeaders(event: { payload: string }, overrides: Record<string, string | null> = {}) {
  return installed().paypal.transmissionHeaders(event.payload, overrides);
}

export async function deliverPaypal(event: { payload: string }, headers?: Record<string, string>) {
  return call("/api/v1/payment/paypal/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", ...(headers ?? (await paypalHeaders(event))) },
    body: event.payload,
  });
}

const references = new Map<number, string>();

/**
 * The person's PayPal reference, as the pre-subscription check hands it to the SPA (asked once per
 * person: the check answers 409 once they are a member).
 */
export async function paypalCustomIdOf(user: TestUser): Promise<string> {
  const known = references.get(user.id);
  if (known) return known;
  const res = await call(
    "/api/v1/private/user/payment/subscription/start",
    jsonInit("POST", { paid_user_membership_type: "USER" }, user.auth),
  );
  const body = await json<{ paypal_custom_id: string | null }>(await expectStatus(res, 200));
  expect(body.paypal_custom_id).toMatch(/^agora-/);
  references.set(user.id, body.paypal_custom_id!);
  return body.paypal_custom_id!;
}

/** Someone verified by a paid month (so they may onboard for payouts). */
export async function verifiedUser(overrides: Parameters<typeof createUser>[0] = {}): Promise<TestUser> {
  return createUser({ isVerifiedUser: true, ...overrides });
}

export async function expectStatus(res: Response, status: number) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
}

export { detail };
