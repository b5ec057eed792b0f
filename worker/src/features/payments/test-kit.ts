import Stripe from "stripe";
import { expect, vi } from "vitest";
import app from "#worker/app.ts";
import { paymentAccounts } from "#worker/db/schema/index.ts";
import { deps, detail, env, json } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";

// Stripe and PayPal for the payments tests: an intercepted fetch that answers as their APIs do
// (objects shaped as their references show), holding the providers' state so a webhook handler's
// fresh read sees what the provider holds now. `call` reaches the Worker with the keys set.

export const KEYS = {
  STRIPE_SECRET_KEY: "sk_test_agora",
  STRIPE_PUBLISHABLE_KEY: "pk_test_agora",
  STRIPE_WEBHOOK_SECRET: "whsec_test_agora",
  STRIPE_PRICE_ID_USER: "price_user_monthly",
  STRIPE_PRICE_ID_BUSINESS: "price_business_monthly",
  STRIPE_API_BASE: "https://stripe.test",
  PAYPAL_CLIENT_ID: "paypal-client",
  PAYPAL_SECRET: "paypal-secret",
  PAYPAL_PLAN_ID_USER: "P-USER",
  PAYPAL_PLAN_ID_BUSINESS: "P-BUSINESS",
  PAYPAL_WEBHOOK_ID: "WH-AGORA",
  PAYPAL_API_BASE: "https://paypal.test",
} as const;

export const NO_KEYS = Object.fromEntries(Object.keys(KEYS).map((k) => [k, ""]));

export function call(path: string, init: RequestInit = {}, keys: Record<string, string> = KEYS) {
  return app.request(path, init, { ...env, ...keys });
}

export function jsonInit(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
}

export interface Recorded {
  method: string;
  host: string;
  path: string;
  body: URLSearchParams;
  raw: string;
  idempotencyKey: string | null;
}

type Json = Record<string, unknown>;

let seq = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}`;
const nowS = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** The providers' side: their objects, and every request our Worker sent them. */
export class Providers {
  readonly calls: Recorded[] = [];
  readonly stripeSubscriptions = new Map<string, Json>();
  readonly stripeAccounts = new Map<string, Json>();
  readonly paypalSubscriptions = new Map<string, Json>();
  /** A payment method id that makes Stripe ask for confirmation (3-D Secure). */
  static readonly NEEDS_CONFIRMING = "pm_card_authenticationRequired";
  static readonly DECLINED = "pm_card_chargeDeclined";

  install() {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init as RequestInit);
      const url = new URL(request.url);
      const raw =
        request.method === "GET" || request.method === "DELETE"
          ? ""
          : new TextDecoder().decode(await request.arrayBuffer());
      const recorded: Recorded = {
        method: request.method,
        host: url.hostname,
        path: url.pathname,
        body: new URLSearchParams(raw),
        raw,
        idempotencyKey: request.headers.get("idempotency-key"),
      };
      this.calls.push(recorded);
      if (url.hostname === "stripe.test") return this.stripeKeyed(recorded, request);
      if (url.hostname === "paypal.test") return this.paypal(recorded, request);
      throw new Error(`unexpected outbound request ${request.method} ${request.url}`);
    });
    return this;
  }

  stripePosts() {
    return this.calls.filter((c) => c.host === "stripe.test" && c.method === "POST");
  }

  /** The subscriptions Stripe was asked to make (POST /v1/subscriptions, replays included). */
  subscriptionCreates() {
    return this.stripePosts().filter((c) => c.path === "/v1/subscriptions");
  }

  /**
   * Stripe's idempotency (https://docs.stripe.com/api/idempotent_requests): a POST with a key
   * already used gets the first answer again, byte for byte; while the first is still running,
   * 409; with other parameters, 400.
   */
  private readonly idempotent = new Map<string, { raw: string; done?: { status: number; body: string } }>();

  private async stripeKeyed(c: Recorded, request: Request): Promise<Response> {
    if (c.method !== "POST" || !c.idempotencyKey) return this.stripe(c, request);
    const key = `${c.path} ${c.idempotencyKey}`;
    const seen = this.idempotent.get(key);
    const headers = { "content-type": "application/json", "request-id": nextId("req") };
    const refuse = (status: number, message: string) =>
      Response.json({ error: { type: "idempotency_error", message } }, { status, headers });
    if (seen) {
      if (seen.raw !== c.raw)
        return refuse(
          400,
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      if (!seen.done)
        return refuse(
          409,
          "There is currently another in-progress request using this Stripe-Idempotency-Key.",
        );
      return new Response(seen.done.body, {
        status: seen.done.status,
        headers: { ...headers, "idempotent-replayed": "true" },
      });
    }
    const entry: { raw: string; done?: { status: number; body: string } } = { raw: c.raw };
    this.idempotent.set(key, entry);
    const res = await this.stripe(c, request);
    entry.done = { status: res.status, body: await res.text() };
    return new Response(entry.done.body, { status: entry.done.status, headers });
  }

  // ---- Stripe (https://docs.stripe.com/api)

  /** A subscription object as Stripe shows it (API 2025-03 and later: the period is on the item). */
  stripeSubscription(input: { price: string; status?: string; userId?: number; id?: string }): Json {
    const id = input.id ?? nextId("sub");
    const sub = {
      id,
      object: "subscription",
      status: input.status ?? "active",
      customer: "cus_test",
      metadata: input.userId ? { user_id: String(input.userId) } : {},
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            price: { id: input.price, object: "price", unit_amount: 1000, currency: "usd" },
            current_period_start: nowS(),
            current_period_end: nowS() + MONTH_S,
          },
        ],
      },
      latest_invoice: null,
    };
    this.stripeSubscriptions.set(id, sub);
    return sub;
  }

  /** Runs when a subscription is made, before Stripe answers (a webhook that wins the race). */
  onSubscriptionCreated: ((sub: Json) => Promise<void>) | null = null;

  private async stripe(c: Recorded, request: Request): Promise<Response> {
    const ok = (body: Json, status = 200) =>
      Response.json(body, { status, headers: { "request-id": nextId("req") } });
    const error = (status: number, type: string, message: string, code?: string) =>
      ok({ error: { type, message, code } }, status);
    if (request.headers.get("authorization") !== `Bearer ${KEYS.STRIPE_SECRET_KEY}`)
      return error(401, "invalid_request_error", "Invalid API Key provided");
    const parts = c.path.split("/").filter(Boolean); // ["v1", ...]
    const [, resource, id, action] = parts;
    if (c.method === "POST" && resource === "customers")
      return ok({ id: nextId("cus"), object: "customer", email: c.body.get("email") });
    if (c.method === "POST" && resource === "payment_methods" && action === "attach") {
      if (id === Providers.DECLINED)
        return error(402, "card_error", "Your card was declined.", "card_declined");
      return ok({ id, object: "payment_method", customer: c.body.get("customer") });
    }
    if (resource === "subscriptions") {
      if (c.method === "POST" && !id) {
        const pm = c.body.get("default_payment_method");
        const sub = this.stripeSubscription({
          price: c.body.get("items[0][price]") ?? "",
          status: pm === Providers.NEEDS_CONFIRMING ? "incomplete" : "active",
        });
        sub.metadata = Object.fromEntries(
          [...c.body].flatMap(([k, v]) => {
            const name = /^metadata\[(.+)\]$/.exec(k)?.[1];
            return name ? [[name, v]] : [];
          }),
        );
        sub.customer = c.body.get("customer");
        sub.latest_invoice = {
          id: nextId("in"),
          object: "invoice",
          status: sub.status === "active" ? "paid" : "open",
          confirmation_secret:
            sub.status === "incomplete"
              ? { client_secret: `pi_secret_${sub.id}`, type: "payment_intent" }
              : null,
        };
        await this.onSubscriptionCreated?.(sub);
        return ok(sub);
      }
      if (c.method === "GET" && !id) {
        // The list: ?customer=…&status=all (every status), newest first.
        const query = new URL(request.url).searchParams;
        const customer = query.get("customer");
        const data = [...this.stripeSubscriptions.values()]
          .filter((s) => !customer || s.customer === customer)
          .filter(
            (s) =>
              query.get("status") === "all" ||
              !["canceled", "incomplete_expired"].includes(s.status as string),
          )
          .reverse();
        return ok({ object: "list", url: "/v1/subscriptions", has_more: false, data });
      }
      const sub = id ? this.stripeSubscriptions.get(id) : undefined;
      if (!sub)
        return error(404, "invalid_request_error", `No such subscription: '${id}'`, "resource_missing");
      if (c.method === "DELETE") sub.status = "canceled";
      return ok(sub);
    }
    if (c.method === "POST" && resource === "checkout" && id === "sessions") {
      const sessionId = nextId("cs_test");
      return ok({
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        amount_total: Number(c.body.get("line_items[0][price_data][unit_amount]")),
        currency: "usd",
        payment_status: "unpaid",
        status: "open",
        metadata: { payment_id: c.body.get("metadata[payment_id]") },
        url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      });
    }
    if (resource === "accounts") {
      if (c.method === "POST" && !id) {
        const account = {
          id: nextId("acct"),
          object: "account",
          type: "express",
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
        };
        this.stripeAccounts.set(account.id, account);
        return ok(account);
      }
      const account = id ? this.stripeAccounts.get(id) : undefined;
      return account ? ok(account) : error(404, "invalid_request_error", `No such account: '${id}'`);
    }
    if (c.method === "POST" && resource === "account_links")
      return ok({
        object: "account_link",
        url: `https://connect.stripe.com/setup/e/${c.body.get("account")}/${nextId("link")}`,
        expires_at: nowS() + 300,
      });
    return error(404, "invalid_request_error", `Unrecognized request URL (${c.method}: ${c.path})`);
  }

  /** A payout account Stripe has enabled, for someone who can receive money. */
  async readyToReceive(user: { id: number }) {
    const id = nextId("acct");
    this.stripeAccounts.set(id, {
      id,
      object: "account",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    await deps.db.orm
      .insert(paymentAccounts)
      .values({ userId: user.id, stripeAccountId: id, chargesEnabled: true, payoutsEnabled: true });
    return id;
  }

  // ---- PayPal (https://developer.paypal.com/docs/api/subscriptions/v1/)

  /**
   * A subscription as PayPal holds it once its buyer approved; `customId` is what the SPA put in
   * createSubscription's custom_id (the person's reference from the pre-subscription check).
   */
  paypalSubscription(input: { plan: string; status?: string; id?: string; customId?: string }): Json {
    const id = input.id ?? `I-${nextId("PP").toUpperCase().replace(/_/g, "")}`;
    const sub = {
      id,
      plan_id: input.plan,
      ...(input.customId ? { custom_id: input.customId } : {}),
      status: input.status ?? "ACTIVE",
      start_time: new Date().toISOString(),
      billing_info: {
        next_billing_time: new Date(Date.now() + MONTH_S * 1000).toISOString(),
        last_payment: { amount: { currency_code: "USD", value: "10.00" }, time: new Date().toISOString() },
      },
      links: [],
    };
    this.paypalSubscriptions.set(id, sub);
    return sub;
  }

  private async paypal(c: Recorded, request: Request): Promise<Response> {
    if (c.path === "/v1/oauth2/token") {
      if (
        request.headers.get("authorization") !==
        `Basic ${btoa(`${KEYS.PAYPAL_CLIENT_ID}:${KEYS.PAYPAL_SECRET}`)}`
      )
        return Response.json({ error: "invalid_client" }, { status: 401 });
      return Response.json({ access_token: "A21AA-token", token_type: "Bearer", expires_in: 32400 });
    }
    if (request.headers.get("authorization") !== "Bearer A21AA-token")
      return Response.json({ name: "AUTHENTICATION_FAILURE" }, { status: 401 });
    if (c.path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(c.raw) as Json;
      const good =
        body.transmission_sig === "good-signature" &&
        body.webhook_id === KEYS.PAYPAL_WEBHOOK_ID &&
        typeof body.webhook_event === "object";
      return Response.json({ verification_status: good ? "SUCCESS" : "FAILURE" });
    }
    const match = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(c.path);
    if (match) {
      const sub = this.paypalSubscriptions.get(decodeURIComponent(match[1]!));
      if (!sub) return Response.json({ name: "RESOURCE_NOT_FOUND" }, { status: 404 });
      if (match[2]) {
        sub.status = "CANCELLED";
        return new Response(null, { status: 204 });
      }
      return Response.json(sub);
    }
    return Response.json({ name: "NOT_FOUND" }, { status: 404 });
  }
}

// ---- Webhook deliveries

/** A Stripe event as Stripe sends it, signed with the endpoint's secret. */
export async function stripeEvent(type: string, object: Json, id = nextId("evt")) {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: nowS(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { id, payload };
}

const subtle = Stripe.createSubtleCryptoProvider();

export async function signStripe(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? KEYS.STRIPE_WEBHOOK_SECRET,
    timestamp: opts.timestamp,
    cryptoProvider: subtle,
  });
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
export function invoice(subscriptionId: string, amount = 1000, id = nextId("in")): Json {
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

export function paypalEvent(type: string, resource: Json, id = `WH-${nextId("EVT").toUpperCase()}`) {
  const payload = JSON.stringify({
    id,
    event_version: "1.0",
    create_time: new Date().toISOString(),
    resource_type: type.startsWith("PAYMENT.SALE") ? "sale" : "subscription",
    event_type: type,
    summary: type,
    resource,
  });
  return { id, payload };
}

export function paypalHeaders(overrides: Record<string, string | null> = {}): Record<string, string> {
  const headers: Record<string, string | null> = {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270",
    "paypal-transmission-id": crypto.randomUUID(),
    "paypal-transmission-sig": "good-signature",
    "paypal-transmission-time": new Date().toISOString(),
    ...overrides,
  };
  return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null));
}

export function deliverPaypal(event: { payload: string }, headers = paypalHeaders()) {
  return call("/api/v1/payment/paypal/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
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
