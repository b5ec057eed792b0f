import {
  type Delivery,
  deliverWithRetries,
  type Json,
  type RecordedCall,
  randomId,
  recordCall,
} from "./common.ts";

// PayPal, played for tests: one handler `(request) => Promise<Response>` over this object's own
// state, speaking PayPal's REST wire format for the calls the Worker (and the PayPal SDK double of
// the browser journeys) make: the OAuth client-credentials token, Subscriptions v1 (read, cancel;
// the buyer's approval), and Notifications' verify-webhook-signature. Its webhooks are signed as
// PayPal signs them: SHA256withRSA over `<transmission id>|<transmission time>|<webhook id>|<CRC32
// of the body>`, the signature base64 in PAYPAL-TRANSMISSION-SIG; verify-webhook-signature checks
// that signature for real, so a forged or altered delivery fails as it would at PayPal. Worker
// tests call `handle` from their fetch interception; the browser journeys serve it over HTTP
// (test-support/stand-ins/http.ts). Never imported by the product.

export interface PaypalStandInOptions {
  clientId: string;
  secret: string;
  /** The merchant's webhook id the deliveries are signed for. */
  webhookId: string;
  /** Our plans: id → the monthly amount PayPal bills ("10.00"). */
  plans: Record<string, string>;
  /** Where this stand-in is reached (the certificate's address names it); PayPal's own by default. */
  publicUrl?: string;
  /** The app's webhook endpoint, and how a signed delivery reaches it; without them events are only kept. */
  webhookUrl?: string;
  deliver?: Delivery;
  /** How long after the buyer's approval PayPal tells the merchant (activation, then the first sale). */
  approvalEventsDelayMs?: number;
}

type PaypalObject = Json & { id: string };

const MONTH_MS = 30 * 24 * 3600 * 1000;
const AUTH_ALGO = "SHA256withRSA";
const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3) of the body's bytes, as a decimal number: what PayPal's signature covers. */
function crc32(text: string): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** PayPal's signing key pair, made once per process (RSA 2048). */
let signingKeys: Promise<CryptoKeyPair> | null = null;
function keys(): Promise<CryptoKeyPair> {
  signingKeys ??= crypto.subtle.generateKey(
    { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    false,
    ["sign", "verify"],
  ) as Promise<CryptoKeyPair>;
  return signingKeys;
}

const signedMessage = (id: string, time: string, webhookId: string, body: string) =>
  new TextEncoder().encode(`${id}|${time}|${webhookId}|${crc32(body)}`);

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function fromBase64(text: string): ArrayBuffer | null {
  try {
    const chars = atob(text);
    const bytes = new Uint8Array(new ArrayBuffer(chars.length));
    for (let i = 0; i < chars.length; i++) bytes[i] = chars.charCodeAt(i);
    return bytes.buffer;
  } catch {
    return null;
  }
}

/** A webhook event as PayPal sends it: its id, and the exact body that is signed. */
export function paypalWebhookEvent(type: string, resource: Json, id = randomId("WH").toUpperCase()) {
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

const CORS = { "access-control-allow-origin": "*" };

export class PaypalStandIn {
  /** Every request received, in order. */
  readonly calls: RecordedCall[] = [];
  /** Every event PayPal sent (or would have sent, without a delivery), in order. */
  readonly events: { id: string; type: string; payload: string }[] = [];
  readonly subscriptions = new Map<string, PaypalObject>();
  private readonly tokens = new Set<string>();

  constructor(readonly options: PaypalStandInOptions) {}

  private get certUrl() {
    const base = this.options.publicUrl ?? "https://api.paypal.com";
    return `${base}/v1/notifications/certs/CERT-360caa42-standin`;
  }

  // ---- Objects tests start from

  /**
   * A subscription as PayPal holds it once its buyer approved; `customId` is what the buyer's page
   * put in createSubscription's custom_id (the SPA: the person's reference).
   */
  subscription(input: { plan: string; status?: string; id?: string; customId?: string }): PaypalObject {
    const id = input.id ?? `I-${randomId("").slice(1, 13).toUpperCase()}`;
    const now = new Date().toISOString();
    const sub: PaypalObject = {
      id,
      plan_id: input.plan,
      ...(input.customId ? { custom_id: input.customId } : {}),
      status: input.status ?? "ACTIVE",
      status_update_time: now,
      start_time: now,
      quantity: "1",
      subscriber: { email_address: "buyer@example.com", payer_id: "STANDINBUYER" },
      billing_info: {
        outstanding_balance: { currency_code: "USD", value: "0.00" },
        last_payment: {
          amount: { currency_code: "USD", value: this.options.plans[input.plan] ?? "10.00" },
          time: now,
        },
        next_billing_time: new Date(Date.now() + MONTH_MS).toISOString(),
        failed_payments_count: 0,
      },
      create_time: now,
      links: [],
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  // ---- Webhooks

  /**
   * The transmission headers PayPal sends `payload` with, signed for `webhookId` (the merchant's
   * by default). `overrides` replace or (with null) drop headers, as a forger would.
   */
  async transmissionHeaders(
    payload: string,
    overrides: Record<string, string | null> = {},
    webhookId = this.options.webhookId,
  ): Promise<Record<string, string>> {
    const id = crypto.randomUUID();
    const time = new Date().toISOString();
    const { privateKey } = await keys();
    const sig = await crypto.subtle.sign(RSA.name, privateKey, signedMessage(id, time, webhookId, payload));
    const headers: Record<string, string | null> = {
      "paypal-auth-algo": AUTH_ALGO,
      "paypal-cert-url": this.certUrl,
      "paypal-transmission-id": id,
      "paypal-transmission-sig": base64(new Uint8Array(sig)),
      "paypal-transmission-time": time,
      ...overrides,
    };
    return Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== null));
  }

  /** Signs and sends an event to the app's endpoint (retried on a non-2xx answer, as PayPal does). */
  async send(type: string, resource: Json): Promise<void> {
    const event = paypalWebhookEvent(type, structuredClone(resource));
    this.events.push({ id: event.id, type, payload: event.payload });
    const { webhookUrl, deliver } = this.options;
    if (!webhookUrl || !deliver) return;
    await deliverWithRetries(
      deliver,
      async () =>
        new Request(webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", ...(await this.transmissionHeaders(event.payload)) },
          body: event.payload,
        }),
    );
  }

  // ---- The handler

  readonly handle = async (request: Request): Promise<Response> => {
    if (request.method === "OPTIONS")
      return new Response(null, {
        status: 204,
        headers: { ...CORS, "access-control-allow-headers": "*", "access-control-allow-methods": "GET,POST" },
      });
    const call = await recordCall(request);
    this.calls.push(call);
    const response = await this.api(call);
    for (const [k, v] of Object.entries(CORS)) response.headers.set(k, v);
    return response;
  };

  private async api(c: RecordedCall): Promise<Response> {
    const { method, path } = c;
    if (method === "POST" && path === "/v1/oauth2/token") {
      if (c.authorization !== `Basic ${btoa(`${this.options.clientId}:${this.options.secret}`)}`)
        return Response.json(
          { error: "invalid_client", error_description: "Client Authentication failed" },
          { status: 401 },
        );
      if (c.body.get("grant_type") !== "client_credentials")
        return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
      const token = `A21AA${randomId("").slice(1)}`;
      this.tokens.add(token);
      return Response.json({
        scope: "https://uri.paypal.com/services/subscriptions",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-STANDIN",
        expires_in: 32400,
        nonce: randomId("n"),
      });
    }
    // The buyer's approval in PayPal's window (the SDK double's call): the subscription exists.
    if (method === "POST" && path === "/v1/billing/subscriptions") return this.approve(c);
    const token = c.authorization?.startsWith("Bearer ") ? c.authorization.slice(7) : "";
    if (!this.tokens.has(token))
      return Response.json(
        { error: "invalid_token", error_description: "Token signature verification failed" },
        { status: 401 },
      );
    const m = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (m) {
      const sub = this.subscriptions.get(decodeURIComponent(m[1]!));
      if (!sub)
        return Response.json(
          { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." },
          { status: 404 },
        );
      if (!m[2] && method === "GET") return Response.json(sub);
      if (m[2] && method === "POST") {
        if (sub.status === "CANCELLED")
          return Response.json(
            {
              name: "UNPROCESSABLE_ENTITY",
              message: "The requested action could not be performed.",
              details: [{ issue: "SUBSCRIPTION_STATUS_INVALID" }],
            },
            { status: 422 },
          );
        sub.status = "CANCELLED";
        sub.status_update_time = new Date().toISOString();
        void this.send("BILLING.SUBSCRIPTION.CANCELLED", sub);
        return new Response(null, { status: 204 });
      }
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return this.verify(c);
    return Response.json(
      { name: "RESOURCE_NOT_FOUND", message: `No route ${method} ${path}` },
      { status: 404 },
    );
  }

  /** The buyer approved a subscription to `plan_id`: active at once; the merchant hears of it by webhook. */
  private approve(c: RecordedCall): Response {
    const body = JSON.parse(c.raw || "{}") as Json;
    const plan = String(body.plan_id ?? "");
    if (!(plan in this.options.plans))
      return Response.json(
        { name: "UNPROCESSABLE_ENTITY", message: "The plan id is not valid." },
        { status: 422 },
      );
    const sub = this.subscription({
      plan,
      ...(typeof body.custom_id === "string" ? { customId: body.custom_id } : {}),
    });
    const sale = {
      id: `SALE-${randomId("").slice(1, 13).toUpperCase()}`,
      state: "completed",
      amount: { total: this.options.plans[plan], currency: "USD" },
      billing_agreement_id: sub.id,
      create_time: new Date().toISOString(),
    };
    setTimeout(() => {
      void this.send("BILLING.SUBSCRIPTION.ACTIVATED", sub).then(() =>
        this.send("PAYMENT.SALE.COMPLETED", sale),
      );
    }, this.options.approvalEventsDelayMs ?? 1500);
    return Response.json({ id: sub.id, status: "APPROVAL_PENDING", plan_id: plan }, { status: 201 });
  }

  /**
   * verify-webhook-signature: SUCCESS only when the signature is PayPal's over this transmission
   * id, time, the given webhook id and the event's CRC32.
   */
  private async verify(c: RecordedCall): Promise<Response> {
    let body: Json;
    try {
      body = JSON.parse(c.raw) as Json;
    } catch {
      return Response.json(
        { name: "MALFORMED_REQUEST", message: "The request is not JSON." },
        { status: 400 },
      );
    }
    const fields = [
      "auth_algo",
      "cert_url",
      "transmission_id",
      "transmission_sig",
      "transmission_time",
      "webhook_id",
    ];
    if (fields.some((f) => typeof body[f] !== "string") || typeof body.webhook_event !== "object")
      return Response.json({ name: "VALIDATION_ERROR", message: "Invalid request." }, { status: 400 });
    const event = JSON.stringify(body.webhook_event);
    const signature = fromBase64(body.transmission_sig as string);
    const { publicKey } = await keys();
    const good =
      body.auth_algo === AUTH_ALGO &&
      signature !== null &&
      (await crypto.subtle.verify(
        RSA.name,
        publicKey,
        signature,
        signedMessage(
          body.transmission_id as string,
          body.transmission_time as string,
          body.webhook_id as string,
          event,
        ),
      ));
    return Response.json({ verification_status: good ? "SUCCESS" : "FAILURE" });
  }
}
