import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for Stripe and PayPal, speaking their wire formats for the calls the Worker
// makes (worker/src/features/payments), and playing their part afterwards: Stripe's webhooks,
// signed as Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, t.body)`), its
// Checkout page and its Connect onboarding page; PayPal's subscription lookups, its webhooks and
// its verify-webhook-signature call. The browser doubles (e2e/doubles/) reach the few browser-side
// calls (card PaymentMethods, 3-D Secure confirmation, PayPal approval) through Playwright routes.
//
// Test cards, as Stripe's test mode has them: 4242 4242 4242 4242 pays at once, 4000 0025 0000 3155
// needs confirming (3-D Secure), 4000 0000 0000 0002 is declined.

export const STAND_IN_KEYS = {
  STRIPE_SECRET_KEY: "sk_test_standin",
  STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
  STRIPE_WEBHOOK_SECRET: "whsec_standin",
  STRIPE_PRICE_ID_USER: "price_standin_user",
  STRIPE_PRICE_ID_BUSINESS: "price_standin_business",
  PAYPAL_CLIENT_ID: "paypal-standin-client",
  PAYPAL_SECRET: "paypal-standin-secret",
  PAYPAL_PLAN_ID_USER: "P-STANDINUSER",
  PAYPAL_PLAN_ID_BUSINESS: "P-STANDINBUSINESS",
  PAYPAL_WEBHOOK_ID: "WH-STANDIN",
} as const;

const PRICES: Record<string, number> = {
  [STAND_IN_KEYS.STRIPE_PRICE_ID_USER]: 1000,
  [STAND_IN_KEYS.STRIPE_PRICE_ID_BUSINESS]: 10000,
};
const PAYPAL_PLANS: Record<string, string> = {
  [STAND_IN_KEYS.PAYPAL_PLAN_ID_USER]: "10.00",
  [STAND_IN_KEYS.PAYPAL_PLAN_ID_BUSINESS]: "100.00",
};

type Obj = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** Stripe's form encoding (`items[0][price]=…`, `expand[0]=…`) back into objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
    "access-control-allow-origin": "*",
    ...headers,
  });
  res.end(text);
}

const stripeError = (res: ServerResponse, status: number, type: string, message: string, code?: string) =>
  send(res, status, { error: { type, message, code, doc_url: "https://stripe.com/docs/error-codes" } });

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;

export interface StandIn {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the stand-in on a free port. `appBase` is the Agora server the webhooks go to (it may
 * start after this: deliveries happen only once someone pays).
 */
export async function startProviderStandIn({ appBase }: { appBase: string }): Promise<StandIn> {
  const customers = new Map<string, Obj>();
  const paymentMethods = new Map<string, Obj & { number: string }>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const intents = new Map<string, Obj & { invoice: string; subscription: string }>();
  const sessions = new Map<string, Obj>();
  const accounts = new Map<string, Obj>();
  const accountLinks = new Map<string, { account: string; return_url: string }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const paypalSubs = new Map<string, Obj>();
  const paypalSignatures = new Set<string>();
  let url = "";

  // ---- Webhooks, as the providers deliver them (retried a few times on a non-2xx answer).

  async function deliver(path: string, body: string, headers: () => Record<string, string>) {
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        const res = await fetch(`${appBase}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers() },
          body,
        });
        if (res.ok) return;
        console.error(`stand-in: ${path} answered ${res.status} ${await res.text()}`);
      } catch (error) {
        // the server is not up: try again
        console.error(`stand-in: ${path} failed`, error);
      }
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }

  async function stripeEvent(type: string, object: Obj) {
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2025-08-27.basil",
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const body = JSON.stringify(event);
    await deliver("/api/v1/payment/stripe/webhook", body, () => {
      const t = now();
      const v1 = createHmac("sha256", STAND_IN_KEYS.STRIPE_WEBHOOK_SECRET)
        .update(`${t}.${body}`)
        .digest("hex");
      return { "stripe-signature": `t=${t},v1=${v1}` };
    });
  }

  async function paypalEvent(event_type: string, resource_type: string, resource: Obj) {
    const body = JSON.stringify({
      id: `WH-${randomBytes(8).toString("hex").toUpperCase()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type,
      event_type,
      summary: event_type,
      resource,
    });
    await deliver("/api/v1/payment/paypal/webhook", body, () => {
      const sig = randomBytes(24).toString("base64");
      paypalSignatures.add(sig);
      return {
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${url}/paypal/cert.pem`,
        "paypal-transmission-id": randomBytes(8).toString("hex"),
        "paypal-transmission-sig": sig,
        "paypal-transmission-time": new Date().toISOString(),
      };
    });
  }

  // ---- Stripe objects

  /** `expand[0]=…` (how stripe-node sends it) or `expand[]=…`. */
  function expandOf(req: IncomingMessage): string[] {
    const query = new URL(req.url ?? "", url).searchParams;
    return [...query].filter(([k]) => k.startsWith("expand[")).map(([, v]) => v);
  }

  function subscriptionView(sub: Obj, expand: string[]) {
    const invoice = invoices.get(sub.latest_invoice as string);
    const wantsInvoice = expand.some((e) => e.startsWith("latest_invoice"));
    return { ...sub, latest_invoice: wantsInvoice && invoice ? invoice : sub.latest_invoice };
  }

  /** The invoice is paid: the subscription is active and Stripe says so by webhook. */
  function payInvoice(invoiceId: string) {
    const invoice = invoices.get(invoiceId)!;
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    const sub = subscriptions.get(invoice.subscription_id as string)!;
    sub.status = "active";
    void stripeEvent("invoice.paid", invoice).then(() =>
      stripeEvent("customer.subscription.updated", subscriptionView(sub, [])),
    );
  }

  function createSubscription(body: Obj): { status: number; body: unknown } {
    const item = (body.items as Obj[] | undefined)?.[0];
    const price = item?.price as string | undefined;
    if (!price || !(price in PRICES))
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: `No such price: '${price}'` } },
      };
    const pm = paymentMethods.get(body.default_payment_method as string);
    if (!pm)
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: "No such PaymentMethod" } },
      };
    if (pm.number.endsWith("0002"))
      return {
        status: 402,
        body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
      };
    const subId = id("sub");
    const invoiceId = id("in");
    const piId = id("pi");
    const start = now();
    const amount = PRICES[price]!;
    const needsAction = pm.number.endsWith("3155");
    const sub: Obj = {
      id: subId,
      object: "subscription",
      customer: body.customer,
      status: needsAction ? "incomplete" : "active",
      metadata: body.metadata ?? {},
      default_payment_method: pm.id,
      latest_invoice: invoiceId,
      start_date: start,
      cancel_at_period_end: false,
      canceled_at: null,
      items: {
        object: "list",
        data: [
          {
            id: id("si"),
            object: "subscription_item",
            price: {
              id: price,
              object: "price",
              unit_amount: amount,
              currency: "usd",
              recurring: { interval: "month" },
            },
            quantity: 1,
            current_period_start: start,
            current_period_end: start + MONTH_S,
          },
        ],
        has_more: false,
      },
    };
    subscriptions.set(subId, sub);
    const secret = `${piId}_secret_${randomBytes(8).toString("hex")}`;
    invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      customer: body.customer,
      currency: "usd",
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      status: "open",
      billing_reason: "subscription_create",
      subscription_id: subId,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subId, metadata: body.metadata ?? {} },
      },
      confirmation_secret: { type: "payment_intent", client_secret: secret },
    });
    intents.set(piId, {
      id: piId,
      object: "payment_intent",
      amount,
      currency: "usd",
      status: needsAction ? "requires_action" : "succeeded",
      client_secret: secret,
      invoice: invoiceId,
      subscription: subId,
    });
    if (!needsAction) payInvoice(invoiceId);
    return { status: 200, body: subscriptionView(sub, (body.expand as string[] | undefined) ?? []) };
  }

  function accountView(account: Obj) {
    return account;
  }

  // ---- Routes

  async function stripe(req: IncomingMessage, res: ServerResponse, path: string, raw: string) {
    const method = req.method ?? "GET";
    const body = method === "GET" ? {} : parseStripeForm(raw);
    const key = req.headers["idempotency-key"];
    const cacheKey = typeof key === "string" ? `${method} ${path} ${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      const hit = idempotent.get(cacheKey)!;
      return send(res, hit.status, hit.body, { "idempotent-replayed": "true" });
    }
    const answer = (status: number, out: unknown) => {
      if (cacheKey) idempotent.set(cacheKey, { status, body: out });
      send(res, status, out);
    };
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (method === "POST" && path === "/v1/payment_methods") {
      const card = (body.card ?? {}) as Obj;
      const number = String(card.number ?? "").replace(/\s+/g, "");
      if (!/^\d{12,19}$/.test(number))
        return stripeError(res, 402, "card_error", "Your card number is incomplete.", "incomplete_number");
      const pm = {
        id: id("pm"),
        object: "payment_method",
        type: "card",
        card: {
          brand: number.startsWith("4") ? "visa" : "unknown",
          last4: number.slice(-4),
          exp_month: Number(card.exp_month ?? 12),
          exp_year: Number(card.exp_year ?? 2034),
        },
        customer: null as string | null,
        number,
      };
      paymentMethods.set(pm.id, pm);
      const { number: _hidden, ...view } = pm;
      return answer(200, view);
    }
    m = method === "POST" ? /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path) : null;
    if (m) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm)
        return stripeError(
          res,
          404,
          "invalid_request_error",
          `No such PaymentMethod: '${m[1]}'`,
          "resource_missing",
        );
      pm.customer = body.customer as string;
      const { number: _hidden, ...view } = pm;
      return answer(200, view);
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const out = createSubscription(body);
      return answer(out.status, out.body);
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      // The list (?customer=…&status=all), newest first.
      const query = new URL(req.url ?? "", url).searchParams;
      const data = [...subscriptions.values()]
        .filter((sub) => !query.get("customer") || sub.customer === query.get("customer"))
        .filter(
          (sub) =>
            query.get("status") === "all" ||
            !["canceled", "incomplete_expired"].includes(sub.status as string),
        )
        .reverse()
        .map((sub) => subscriptionView(sub, expandOf(req)));
      return answer(200, { object: "list", url: "/v1/subscriptions", has_more: false, data });
    }
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m) {
      const sub = subscriptions.get(m[1]!);
      if (!sub)
        return stripeError(
          res,
          404,
          "invalid_request_error",
          `No such subscription: '${m[1]}'`,
          "resource_missing",
        );
      if (method === "DELETE") {
        sub.status = "canceled";
        sub.canceled_at = now();
        void stripeEvent("customer.subscription.deleted", subscriptionView(sub, []));
      }
      return answer(200, subscriptionView(sub, expandOf(req)));
    }
    m = method === "POST" ? /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path) : null;
    if (m) {
      const pi = intents.get(m[1]!);
      if (!pi)
        return stripeError(
          res,
          404,
          "invalid_request_error",
          `No such payment_intent: '${m[1]}'`,
          "resource_missing",
        );
      if (body.client_secret !== pi.client_secret)
        return stripeError(res, 400, "invalid_request_error", "The client_secret does not match.");
      if (pi.status !== "succeeded") {
        pi.status = "succeeded";
        payInvoice(pi.invoice);
      }
      const { invoice: _i, subscription: _s, ...view } = pi;
      return answer(200, view);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lines = (body.line_items as Obj[] | undefined) ?? [];
      const amount = lines.reduce((sum, line) => {
        const data = (line.price_data ?? {}) as Obj;
        return sum + Number(data.unit_amount ?? 0) * Number(line.quantity ?? 1);
      }, 0);
      const sessionId = id("cs_test");
      const session: Obj = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        amount_total: amount,
        currency: "usd",
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${url}/checkout/${sessionId}`,
        line_items_name:
          ((lines[0]?.price_data as Obj | undefined)?.product_data as Obj | undefined)?.name ?? "",
        destination:
          ((body.payment_intent_data as Obj | undefined)?.transfer_data as Obj | undefined)?.destination ??
          null,
      };
      sessions.set(sessionId, session);
      return answer(200, session);
    }
    m = method === "GET" ? /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path) : null;
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session)
        return stripeError(res, 404, "invalid_request_error", "No such checkout.session", "resource_missing");
      return answer(200, session);
    }
    if (method === "POST" && path === "/v1/accounts") {
      const account = {
        id: id("acct"),
        object: "account",
        type: body.type ?? "express",
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      };
      accounts.set(account.id, account);
      return answer(200, account);
    }
    m = method === "GET" ? /^\/v1\/accounts\/([^/]+)$/.exec(path) : null;
    if (m) {
      const account = accounts.get(m[1]!);
      if (!account)
        return stripeError(res, 404, "invalid_request_error", "No such account", "resource_missing");
      return answer(200, accountView(account));
    }
    if (method === "POST" && path === "/v1/account_links") {
      const account = body.account as string;
      if (!accounts.has(account)) return stripeError(res, 400, "invalid_request_error", "No such account");
      const linkId = id("al");
      accountLinks.set(linkId, { account, return_url: body.return_url as string });
      return answer(200, {
        object: "account_link",
        created: now(),
        expires_at: now() + 300,
        url: `${url}/connect/${linkId}`,
      });
    }
    return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function paypal(req: IncomingMessage, res: ServerResponse, path: string, raw: string) {
    const method = req.method ?? "GET";
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${STAND_IN_KEYS.PAYPAL_CLIENT_ID}:${STAND_IN_KEYS.PAYPAL_SECRET}`).toString("base64")}`;
      if (req.headers.authorization !== expected)
        return send(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      return send(res, 200, {
        scope: "https://uri.paypal.com/services/subscriptions",
        access_token: `A21AA${randomBytes(16).toString("hex")}`,
        token_type: "Bearer",
        app_id: "APP-STANDIN",
        expires_in: 32400,
        nonce: randomBytes(8).toString("hex"),
      });
    }
    const authorized = /^Bearer A21AA/.test(req.headers.authorization ?? "");
    // The browser double's approval (PayPal's popup, where the buyer logs in and agrees).
    if (method === "POST" && path === "/v1/billing/subscriptions") {
      const body = JSON.parse(raw || "{}") as Obj;
      const plan = body.plan_id as string;
      if (!(plan in PAYPAL_PLANS))
        return send(res, 422, { name: "UNPROCESSABLE_ENTITY", message: "The plan id is not valid." });
      const subId = `I-${randomBytes(6).toString("hex").toUpperCase()}`;
      const next = new Date(Date.now() + MONTH_S * 1000).toISOString();
      const sub: Obj = {
        id: subId,
        plan_id: plan,
        // What the buyer's page put there (the SPA: the person's reference); PayPal keeps it as is.
        ...(typeof body.custom_id === "string" ? { custom_id: body.custom_id } : {}),
        status: "ACTIVE",
        status_update_time: new Date().toISOString(),
        start_time: new Date().toISOString(),
        quantity: "1",
        subscriber: { email_address: "buyer@example.com", payer_id: "STANDINBUYER" },
        billing_info: {
          outstanding_balance: { currency_code: "USD", value: "0.00" },
          last_payment: {
            amount: { currency_code: "USD", value: PAYPAL_PLANS[plan] },
            time: new Date().toISOString(),
          },
          next_billing_time: next,
          failed_payments_count: 0,
        },
        create_time: new Date().toISOString(),
      };
      paypalSubs.set(subId, sub);
      // PayPal tells the merchant afterwards: the activation, then the first month's sale.
      setTimeout(() => {
        void paypalEvent("BILLING.SUBSCRIPTION.ACTIVATED", "subscription", sub).then(() =>
          paypalEvent("PAYMENT.SALE.COMPLETED", "sale", {
            id: `SALE-${randomBytes(6).toString("hex").toUpperCase()}`,
            state: "completed",
            amount: { total: PAYPAL_PLANS[plan], currency: "USD" },
            billing_agreement_id: subId,
            create_time: new Date().toISOString(),
          }),
        );
      }, 1500);
      return send(res, 201, { id: subId, status: "APPROVAL_PENDING", plan_id: plan });
    }
    if (!authorized)
      return send(res, 401, {
        error: "invalid_token",
        error_description: "Token signature verification failed",
      });
    m = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (m) {
      const sub = paypalSubs.get(decodeURIComponent(m[1]!));
      if (!sub)
        return send(res, 404, {
          name: "RESOURCE_NOT_FOUND",
          message: "The specified resource does not exist.",
        });
      if (m[2] && method === "POST") {
        if (sub.status === "CANCELLED")
          return send(res, 422, {
            name: "UNPROCESSABLE_ENTITY",
            details: [{ issue: "SUBSCRIPTION_STATUS_INVALID" }],
          });
        sub.status = "CANCELLED";
        sub.status_update_time = new Date().toISOString();
        void paypalEvent("BILLING.SUBSCRIPTION.CANCELLED", "subscription", sub);
        res.writeHead(204);
        return res.end();
      }
      return send(res, 200, sub);
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(raw || "{}") as Obj;
      const ok =
        body.webhook_id === STAND_IN_KEYS.PAYPAL_WEBHOOK_ID &&
        paypalSignatures.has(body.transmission_sig as string) &&
        typeof body.webhook_event === "object";
      return send(res, 200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    return send(res, 404, { name: "RESOURCE_NOT_FOUND", message: `No route ${method} ${path}` });
  }

  /** Stripe's hosted pages: Checkout and Connect onboarding, each with one button. */
  async function hosted(req: IncomingMessage, res: ServerResponse, path: string) {
    let m: RegExpExecArray | null;
    m = /^\/checkout\/([^/]+)$/.exec(path);
    if (m) {
      const session = sessions.get(m[1]!);
      if (!session) return send(res, 404, page("Not found", "<h1>This payment page does not exist</h1>"));
      if (req.method === "POST") {
        if (session.payment_status !== "paid") {
          session.payment_status = "paid";
          session.status = "complete";
          session.payment_intent = id("pi");
          await stripeEvent("checkout.session.completed", session);
        }
        res.writeHead(303, { location: session.success_url as string });
        return res.end();
      }
      const dollars = (Number(session.amount_total) / 100).toFixed(2);
      return send(
        res,
        200,
        page(
          "Stripe Checkout (stand-in)",
          `<h1>Pay $${dollars}</h1><p>${String(session.line_items_name)}</p><form method="post"><button type="submit">Pay</button></form><p><a href="${String(session.cancel_url)}">Cancel</a></p>`,
        ),
      );
    }
    m = /^\/connect\/([^/]+)$/.exec(path);
    if (m) {
      const link = accountLinks.get(m[1]!);
      if (!link) return send(res, 404, page("Not found", "<h1>This link expired</h1>"));
      const account = accounts.get(link.account)!;
      if (req.method === "POST") {
        account.details_submitted = true;
        account.charges_enabled = true;
        account.payouts_enabled = true;
        await stripeEvent("account.updated", accountView(account));
        res.writeHead(303, { location: link.return_url });
        return res.end();
      }
      return send(
        res,
        200,
        page(
          "Stripe Connect onboarding (stand-in)",
          `<h1>Set up payouts</h1><p>${String(account.email ?? "")}</p><form method="post"><button type="submit">Agree and submit</button></form>`,
        ),
      );
    }
    return send(res, 404, page("Not found", "<h1>Not found</h1>"));
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? "/", "http://stand-in").pathname;
      const raw = req.method === "GET" || req.method === "HEAD" ? "" : await read(req);
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "access-control-allow-origin": "*",
          "access-control-allow-headers": "*",
          "access-control-allow-methods": "GET,POST,DELETE",
        });
        return res.end();
      }
      if (
        path.startsWith("/v1/oauth2") ||
        path.startsWith("/v1/billing") ||
        path.startsWith("/v1/notifications")
      )
        return paypal(req, res, path, raw);
      if (path.startsWith("/v1/")) return stripe(req, res, path, raw);
      return hosted(req, res, path);
    })().catch((error: unknown) => {
      console.error("stand-in failed", error);
      if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: "stand-in failure" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The server's environment pointing both providers at the stand-in. */
export function providerVars(standIn: StandIn): Record<string, string> {
  return { ...STAND_IN_KEYS, STRIPE_API_BASE: standIn.url, PAYPAL_API_BASE: standIn.url };
}
