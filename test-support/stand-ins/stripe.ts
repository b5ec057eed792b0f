import {
  type Delivery,
  deliverWithRetries,
  hex,
  type Json,
  type RecordedCall,
  randomId,
  recordCall,
} from "./common.ts";

// Stripe, played for tests: one handler `(request) => Promise<Response>` over this object's own
// state, speaking Stripe's wire format for the calls the Worker (and the Stripe.js double of the
// browser journeys) make: form-encoded requests (`items[0][price]=…`), `Authorization: Bearer
// <secret key>` (the browser's calls carry the publishable key as a `key` field), idempotency keys
// replayed, `{error: {type, code, message}}` refusals with Stripe's statuses, and the hosted
// Checkout and Connect onboarding pages. Its events are signed as Stripe signs them
// (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(webhook secret, "<t>.<body>")>`), so the
// product's own verification runs. Worker tests call `handle` from their fetch interception; the
// browser journeys serve it over HTTP (test-support/stand-ins/http.ts). Never imported by the product.
//
// Test cards, as Stripe's test mode has them: PaymentMethods `pm_card_visa`, `pm_card_mastercard`,
// `pm_card_amex` pay at once, `pm_card_authenticationRequired` (4000 0025 0000 3155) needs
// confirming (3-D Secure), `pm_card_chargeDeclined` (4000 0000 0000 0002) is declined; a card made
// with POST /v1/payment_methods behaves by its number the same way.

/** Stripe's API version the events are written in (the one the SDK in use pins). */
const STRIPE_EVENT_API_VERSION = "2026-10-28.endive";

export interface StripeStandInOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Our prices: id → monthly amount in cents. Any other price is refused as Stripe would. */
  prices: Record<string, number>;
  /**
   * Where the hosted pages are served (the browser journeys: this stand-in's own address). Without
   * it the links are Stripe's own addresses (checkout.stripe.com, connect.stripe.com).
   */
  pagesUrl?: string;
  /** The app's webhook endpoint, and how a signed delivery reaches it; without them events are only kept. */
  webhookUrl?: string;
  deliver?: Delivery;
}

type StripeObject = Json & { id: string };

const nowS = () => Math.floor(Date.now() / 1000);
const MONTH_S = 30 * 24 * 3600;

/** The numbers behind Stripe's test PaymentMethod ids. */
const TEST_CARDS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_amex: "378282246310005",
  pm_card_authenticationRequired: "4000002500003155",
  pm_card_chargeDeclined: "4000000000000002",
};
const needsConfirming = (number: string) => number === "4000002500003155";
const declined = (number: string) => number === "4000000000000002";

/** Stripe's form encoding (`items[0][price]=…`, `expand[0]=…`) back into objects and arrays. */
function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Json = root;
    parts.forEach((part, i) => {
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) {
        node[key] = value;
        return;
      }
      node[key] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[key] as Json;
    });
  }
  return root;
}

/** `Stripe-Signature` for `payload`, as Stripe computes it (its webhook signing scheme v1). */
export async function stripeSignature(payload: string, secret: string, timestamp = nowS()): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`));
  return `t=${timestamp},v1=${hex(new Uint8Array(mac))}`;
}

/** An event as Stripe sends it: its id, and the exact body that is signed. */
export function stripeWebhookEvent(type: string, object: Json, id = randomId("evt")) {
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: STRIPE_EVENT_API_VERSION,
    created: nowS(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  return { id, payload };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`,
    { headers: { "content-type": "text/html; charset=utf-8" } },
  );

const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

const CORS = { "access-control-allow-origin": "*" };

export class StripeStandIn {
  /** Every API request received, in order. */
  readonly calls: RecordedCall[] = [];
  /** Every event Stripe sent (or would have sent, without a delivery), in order. */
  readonly events: { id: string; type: string; payload: string }[] = [];
  readonly customers = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject & { number: string }>();
  readonly subscriptions = new Map<string, StripeObject>();
  readonly invoices = new Map<string, StripeObject>();
  readonly intents = new Map<string, StripeObject & { invoice: string }>();
  readonly sessions = new Map<string, StripeObject>();
  readonly accounts = new Map<string, StripeObject>();
  /** What each Checkout session sells (its first line's product name), for its page. */
  private readonly sessionNames = new Map<string, string>();
  readonly accountLinks = new Map<string, { account: string; return_url: string }>();
  /** Runs when a subscription is made, before Stripe answers (a webhook that wins the race). */
  onSubscriptionCreated: ((sub: Json) => Promise<void>) | null = null;

  /**
   * Stripe's idempotency: a POST with a key already used gets the first answer again, byte for
   * byte; while the first is still running, 409; on another endpoint or with other parameters, 400.
   */
  private readonly idempotent = new Map<
    string,
    { path: string; raw: string; done?: { status: number; body: string } }
  >();

  constructor(readonly options: StripeStandInOptions) {}

  /** The requests that change something at Stripe (POST). */
  posts(): RecordedCall[] {
    return this.calls.filter((c) => c.method === "POST");
  }

  // ---- Objects tests start from

  /** A subscription as Stripe shows it (API 2025-03 and later: the period is on the item). */
  subscription(input: { price: string; status?: string; userId?: number; id?: string; customer?: string }) {
    const id = input.id ?? randomId("sub");
    const start = nowS();
    const sub: StripeObject = {
      id,
      object: "subscription",
      status: input.status ?? "active",
      customer: input.customer ?? "cus_test",
      metadata: input.userId ? { user_id: String(input.userId) } : {},
      cancel_at_period_end: false,
      canceled_at: null,
      start_date: start,
      items: {
        object: "list",
        data: [
          {
            id: randomId("si"),
            object: "subscription_item",
            price: {
              id: input.price,
              object: "price",
              unit_amount: this.options.prices[input.price] ?? 1000,
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
      latest_invoice: null,
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  /** A Connect account Stripe has enabled for charges and payouts. */
  enabledAccount(): string {
    const id = randomId("acct");
    this.accounts.set(id, {
      id,
      object: "account",
      type: "express",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });
    return id;
  }

  /** The client secret of the payment that awaits confirmation for this subscription, if any. */
  clientSecretOf(subscriptionId: string): string | null {
    const invoiceId = this.subscriptions.get(subscriptionId)?.latest_invoice;
    const invoice = typeof invoiceId === "string" ? this.invoices.get(invoiceId) : undefined;
    return (invoice?.confirmation_secret as { client_secret?: string } | undefined)?.client_secret ?? null;
  }

  // ---- Events

  /** Signs and sends an event to the app's endpoint (retried on a non-2xx answer, as Stripe does). */
  async send(type: string, object: Json): Promise<void> {
    const event = stripeWebhookEvent(type, structuredClone(object));
    this.events.push({ id: event.id, type, payload: event.payload });
    const { webhookUrl, deliver, webhookSecret } = this.options;
    if (!webhookUrl || !deliver) return;
    await deliverWithRetries(deliver, async () => {
      const signature = await stripeSignature(event.payload, webhookSecret);
      return new Request(webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: event.payload,
      });
    });
  }

  // ---- The handler

  readonly handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (request.method === "OPTIONS")
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS,
          "access-control-allow-headers": "*",
          "access-control-allow-methods": "GET,POST,DELETE",
        },
      });
    if (!url.pathname.startsWith("/v1/")) return this.hosted(request, url);
    const call = await recordCall(request);
    this.calls.push(call);
    const response = await this.keyed(call, url);
    for (const [k, v] of Object.entries(CORS)) response.headers.set(k, v);
    return response;
  };

  private async keyed(c: RecordedCall, url: URL): Promise<Response> {
    if (c.method !== "POST" || !c.idempotencyKey) return this.api(c, url);
    const seen = this.idempotent.get(c.idempotencyKey);
    const headers = { "content-type": "application/json", "request-id": randomId("req") };
    const refuse = (status: number, message: string) =>
      Response.json({ error: { type: "idempotency_error", message } }, { status, headers });
    if (seen) {
      if (seen.path !== c.path)
        return refuse(
          400,
          "Keys for idempotent requests can only be used for the same endpoint they were first used for.",
        );
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
    const entry: { path: string; raw: string; done?: { status: number; body: string } } = {
      path: c.path,
      raw: c.raw,
    };
    this.idempotent.set(c.idempotencyKey, entry);
    const res = await this.api(c, url);
    entry.done = { status: res.status, body: await res.text() };
    return new Response(entry.done.body, { status: entry.done.status, headers });
  }

  private ok(body: unknown, status = 200) {
    return Response.json(body, { status, headers: { "request-id": randomId("req") } });
  }

  private error(status: number, type: string, message: string, code?: string) {
    return this.ok(
      { error: { type, message, ...(code ? { code } : {}), doc_url: "https://docs.stripe.com/error-codes" } },
      status,
    );
  }

  private missing(what: string, id: string | undefined) {
    return this.error(404, "invalid_request_error", `No such ${what}: '${id}'`, "resource_missing");
  }

  /** The subscription as an answer: `latest_invoice` an id, or the invoice when expanded. */
  private subscriptionView(sub: StripeObject, expand: string[]): Json {
    const invoiceId = typeof sub.latest_invoice === "string" ? sub.latest_invoice : null;
    const invoice = invoiceId ? this.invoices.get(invoiceId) : undefined;
    const wanted = expand.some((e) => e.startsWith("latest_invoice") || e.startsWith("data.latest_invoice"));
    return wanted && invoice ? { ...sub, latest_invoice: invoice } : sub;
  }

  private paymentMethod(id: string): (StripeObject & { number: string }) | null {
    const made = this.paymentMethods.get(id);
    if (made) return made;
    const number = TEST_CARDS[id];
    if (!number) return null;
    const pm = this.newPaymentMethod(number, id);
    return pm;
  }

  private newPaymentMethod(number: string, id = randomId("pm")) {
    const pm = {
      id,
      object: "payment_method",
      type: "card",
      card: {
        brand: number.startsWith("4") ? "visa" : number.startsWith("5") ? "mastercard" : "amex",
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: 2034,
      },
      customer: null as string | null,
      number,
    };
    this.paymentMethods.set(id, pm);
    return pm;
  }

  private paymentMethodView(pm: StripeObject & { number: string }) {
    const { number: _hidden, ...view } = pm;
    return view;
  }

  /**
   * The invoice is paid and its subscription active, at once; Stripe then says so by webhook
   * (`invoice.paid`, then `customer.subscription.updated`), which the returned promise delivers.
   */
  private payInvoice(invoiceId: string): Promise<void> {
    const invoice = this.invoices.get(invoiceId)!;
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    const subId = (invoice.parent as { subscription_details: { subscription: string } }).subscription_details
      .subscription;
    const sub = this.subscriptions.get(subId)!;
    sub.status = "active";
    const paid = structuredClone(invoice);
    const updated = structuredClone(this.subscriptionView(sub, []));
    return this.send("invoice.paid", paid).then(() => this.send("customer.subscription.updated", updated));
  }

  private async createSubscription(body: Json): Promise<Response> {
    const price = ((body.items as Json[] | undefined)?.[0]?.price as string | undefined) ?? "";
    const amount = this.options.prices[price];
    if (amount === undefined) return this.missing("price", price);
    const pm = this.paymentMethod(String(body.default_payment_method ?? ""));
    if (!pm) return this.missing("PaymentMethod", String(body.default_payment_method));
    if (declined(pm.number)) return this.error(402, "card_error", "Your card was declined.", "card_declined");
    const needsAction = needsConfirming(pm.number);
    const sub = this.subscription({ price, status: needsAction ? "incomplete" : "active" });
    sub.customer = body.customer ?? null;
    sub.metadata = (body.metadata as Json | undefined) ?? {};
    sub.default_payment_method = pm.id;
    const invoiceId = randomId("in");
    const intentId = randomId("pi");
    const secret = `${intentId}_secret_${randomId("s").slice(2)}`;
    sub.latest_invoice = invoiceId;
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: "invoice",
      customer: sub.customer,
      currency: "usd",
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      status: "open",
      billing_reason: "subscription_create",
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      confirmation_secret: { type: "payment_intent", client_secret: secret },
    });
    this.intents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount,
      currency: "usd",
      status: needsAction ? "requires_action" : "succeeded",
      client_secret: secret,
      invoice: invoiceId,
    });
    if (!needsAction) void this.payInvoice(invoiceId);
    await this.onSubscriptionCreated?.(sub);
    return this.ok(this.subscriptionView(sub, (body.expand as string[] | undefined) ?? []));
  }

  private async api(c: RecordedCall, url: URL): Promise<Response> {
    const { method, path } = c;
    const body = method === "GET" || method === "DELETE" ? {} : parseStripeForm(c.raw);
    const expand = [...url.searchParams]
      .filter(([k]) => k.startsWith("expand["))
      .map(([, v]) => v)
      .concat((body.expand as string[] | undefined) ?? []);
    const bearer = c.authorization === `Bearer ${this.options.secretKey}`;
    const browser = bearer || body.key === this.options.publishableKey;
    let m: RegExpExecArray | null;

    // What Stripe.js does in the browser with the publishable key.
    if (method === "POST" && path === "/v1/payment_methods") {
      if (!browser) return this.error(401, "invalid_request_error", "Invalid API Key provided");
      const card = (body.card ?? {}) as Json;
      const number = String(card.number ?? "").replace(/\s+/g, "");
      if (!/^\d{12,19}$/.test(number))
        return this.error(402, "card_error", "Your card number is incomplete.", "incomplete_number");
      return this.ok(this.paymentMethodView(this.newPaymentMethod(number)));
    }
    m = method === "POST" ? /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path) : null;
    if (m) {
      if (!browser) return this.error(401, "invalid_request_error", "Invalid API Key provided");
      const pi = this.intents.get(m[1]!);
      if (!pi) return this.missing("payment_intent", m[1]);
      if (!bearer && body.client_secret !== pi.client_secret)
        return this.error(400, "invalid_request_error", "The client_secret does not match.");
      if (pi.status !== "succeeded") {
        pi.status = "succeeded";
        void this.payInvoice(pi.invoice);
      }
      const { invoice: _invoice, ...view } = pi;
      return this.ok(view);
    }

    if (!bearer) return this.error(401, "invalid_request_error", "Invalid API Key provided");
    if (method === "POST" && path === "/v1/customers") {
      const customer = {
        id: randomId("cus"),
        object: "customer",
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      this.customers.set(customer.id, customer);
      return this.ok(customer);
    }
    m = method === "POST" ? /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path) : null;
    if (m) {
      const pm = this.paymentMethod(m[1]!);
      if (!pm) return this.missing("PaymentMethod", m[1]);
      // Attaching checks the card with its bank: a declined card is refused here.
      if (declined(pm.number))
        return this.error(402, "card_error", "Your card was declined.", "card_declined");
      pm.customer = String(body.customer ?? "") || null;
      return this.ok(this.paymentMethodView(pm));
    }
    if (method === "POST" && path === "/v1/subscriptions") return this.createSubscription(body);
    if (method === "GET" && path === "/v1/subscriptions") {
      // The list (?customer=…&status=all), newest first.
      const customer = url.searchParams.get("customer");
      const all = url.searchParams.get("status") === "all";
      const data = [...this.subscriptions.values()]
        .filter((sub) => !customer || sub.customer === customer)
        .filter((sub) => all || !["canceled", "incomplete_expired"].includes(sub.status as string))
        .reverse()
        .map((sub) => this.subscriptionView(sub, expand));
      return this.ok({ object: "list", url: "/v1/subscriptions", has_more: false, data });
    }
    m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (m && (method === "GET" || method === "DELETE")) {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return this.missing("subscription", m[1]);
      if (method === "DELETE" && sub.status !== "canceled") {
        sub.status = "canceled";
        sub.canceled_at = nowS();
        void this.send("customer.subscription.deleted", this.subscriptionView(sub, []));
      }
      return this.ok(this.subscriptionView(sub, expand));
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const lines = (body.line_items as Json[] | undefined) ?? [];
      const amount = lines.reduce((sum, line) => {
        const data = (line.price_data ?? {}) as Json;
        return sum + Number(data.unit_amount ?? 0) * Number(line.quantity ?? 1);
      }, 0);
      const id = randomId("cs_test");
      const { pagesUrl } = this.options;
      const session: StripeObject = {
        id,
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
        url: pagesUrl ? `${pagesUrl}/checkout/${id}` : `https://checkout.stripe.com/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      const product = (lines[0]?.price_data as Json | undefined)?.product_data as Json | undefined;
      this.sessionNames.set(id, String(product?.name ?? ""));
      return this.ok(session);
    }
    m = method === "GET" ? /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path) : null;
    if (m) {
      const session = this.sessions.get(m[1]!);
      return session ? this.ok(session) : this.missing("checkout.session", m[1]);
    }
    if (method === "POST" && path === "/v1/accounts") {
      const account = {
        id: randomId("acct"),
        object: "account",
        type: body.type ?? "express",
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
      };
      this.accounts.set(account.id, account);
      return this.ok(account);
    }
    m = method === "GET" ? /^\/v1\/accounts\/([^/]+)$/.exec(path) : null;
    if (m) {
      const account = this.accounts.get(m[1]!);
      return account ? this.ok(account) : this.missing("account", m[1]);
    }
    if (method === "POST" && path === "/v1/account_links") {
      const account = String(body.account ?? "");
      if (!this.accounts.has(account)) return this.missing("account", account);
      const id = randomId("al");
      this.accountLinks.set(id, { account, return_url: String(body.return_url) });
      const { pagesUrl } = this.options;
      return this.ok({
        object: "account_link",
        created: nowS(),
        expires_at: nowS() + 300,
        url: pagesUrl ? `${pagesUrl}/connect/${id}` : `https://connect.stripe.com/setup/e/${account}/${id}`,
      });
    }
    return this.error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Stripe's hosted pages: Checkout and Connect onboarding, each with one button. */
  private async hosted(request: Request, url: URL): Promise<Response> {
    let m = /^\/checkout\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const session = this.sessions.get(m[1]!);
      if (!session) return page("Not found", "<h1>This payment page does not exist</h1>");
      if (request.method === "POST") {
        if (session.payment_status !== "paid") {
          session.payment_status = "paid";
          session.status = "complete";
          session.payment_intent = randomId("pi");
          await this.send("checkout.session.completed", session);
        }
        return seeOther(String(session.success_url));
      }
      const dollars = (Number(session.amount_total) / 100).toFixed(2);
      const name = escapeHtml(this.sessionNames.get(session.id) ?? "");
      return page(
        "Stripe Checkout (stand-in)",
        `<h1>Pay $${dollars}</h1><p>${name}</p><form method="post"><button type="submit">Pay</button></form><p><a href="${escapeHtml(String(session.cancel_url))}">Cancel</a></p>`,
      );
    }
    m = /^\/connect\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const link = this.accountLinks.get(m[1]!);
      if (!link) return page("Not found", "<h1>This link expired</h1>");
      const account = this.accounts.get(link.account)!;
      if (request.method === "POST") {
        account.details_submitted = true;
        account.charges_enabled = true;
        account.payouts_enabled = true;
        await this.send("account.updated", account);
        return seeOther(link.return_url);
      }
      return page(
        "Stripe Connect onboarding (stand-in)",
        `<h1>Set up payouts</h1><p>${escapeHtml(String(account.email ?? ""))}</p><form method="post"><button type="submit">Agree and submit</button></form>`,
      );
    }
    return page("Not found", "<h1>Not found</h1>");
  }
}
