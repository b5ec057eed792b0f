import type { MembershipType } from "#shared/enums.ts";
import { PAYMENTS_MSG } from "#shared/schemas/payments.ts";
import type { SubscriptionStatus } from "#worker/db/schema/index.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";

// PayPal's REST API by fetch: an OAuth client-credentials token, the subscription lookup,
// cancelling, and the verify-webhook-signature call; PayPal's answers put in our words. The base
// URL is PAYPAL_API_BASE. The payments feature holds the rules.

export interface PaypalSettings {
  clientId: string;
  secret: string;
  webhookId: string | null;
  plans: Record<MembershipType, string | null>;
  apiBase: string;
}

const set = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** PayPal's keys from the environment; null when the server has none (the calls answer 503). */
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

/** A subscription as GET /v1/billing/subscriptions/{id} answers it (the fields we read). */
export interface PaypalSubscription {
  id: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED. */
  status: string;
  plan_id: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string; last_payment?: { time?: string } };
}

/** A webhook event (the fields we read). */
export interface PaypalEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Record<string, unknown>;
}

/** PayPal's transmission headers older than this are refused. */
const PAYPAL_TRANSMISSION_TOLERANCE_MS = 5 * 60_000;

async function paypalFetch(settings: PaypalSettings, path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${settings.apiBase}${path}`, init);
  } catch (error) {
    console.error("paypal call failed", error);
    fail(502, "The payment provider did not answer. Please try again.");
  }
}

async function accessToken(settings: PaypalSettings): Promise<string> {
  const res = await paypalFetch(settings, "/v1/oauth2/token", {
    method: "POST",
    headers: {
      authorization: `Basic ${btoa(`${settings.clientId}:${settings.secret}`)}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: "grant_type=client_credentials",
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string } | null;
  if (!res.ok || !body?.access_token) {
    console.error("paypal token refused", res.status);
    fail(502, "The payment provider refused our credentials.");
  }
  return body.access_token;
}

async function authorized(settings: PaypalSettings, path: string, init: RequestInit = {}) {
  const token = await accessToken(settings);
  return paypalFetch(settings, path, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json",
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** The subscription as PayPal holds it; null when PayPal does not know it. */
export async function getPaypalSubscription(
  settings: PaypalSettings,
  id: string,
): Promise<PaypalSubscription | null> {
  const res = await authorized(settings, `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
  if (res.status === 404) return null;
  const body = (await res.json().catch(() => null)) as PaypalSubscription | null;
  if (!res.ok || !body?.id) fail(502, "The payment provider did not answer as expected. Please try again.");
  return body;
}

/** Cancels at PayPal (204; an already cancelled one answers 422, which is the same end). */
export async function cancelPaypalSubscription(
  settings: PaypalSettings,
  id: string,
  requestId: string,
): Promise<void> {
  const res = await authorized(settings, `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    headers: { "paypal-request-id": requestId },
    body: JSON.stringify({ reason: "Cancelled by the member" }),
  });
  if (res.ok || res.status === 422 || res.status === 404) return;
  fail(502, "The payment provider did not cancel the subscription. Please try again.");
}

const TRANSMISSION_HEADERS = [
  "paypal-auth-algo",
  "paypal-cert-url",
  "paypal-transmission-id",
  "paypal-transmission-sig",
  "paypal-transmission-time",
] as const;

/**
 * Checks a webhook delivery with PayPal's verify-webhook-signature call, sending the raw body
 * byte for byte as `webhook_event` (re-serialising it could change what was signed). 400 when the
 * headers are missing, the transmission is stale or PayPal says FAILURE.
 */
export async function verifyPaypalWebhook(
  settings: PaypalSettings,
  rawBody: string,
  header: (name: string) => string | undefined,
  now = Date.now(),
): Promise<void> {
  if (!settings.webhookId) fail(503, PAYMENTS_MSG.paypalNotConfigured);
  const values = TRANSMISSION_HEADERS.map((name) => header(name));
  if (values.some((v) => !v)) fail(400, PAYMENTS_MSG.badSignature);
  const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as string[];
  const sentAt = Date.parse(transmissionTime!);
  if (Number.isNaN(sentAt) || Math.abs(now - sentAt) > PAYPAL_TRANSMISSION_TOLERANCE_MS)
    fail(400, PAYMENTS_MSG.badSignature);
  try {
    JSON.parse(rawBody);
  } catch {
    fail(400, PAYMENTS_MSG.badSignature);
  }
  const head = JSON.stringify({
    auth_algo: authAlgo,
    cert_url: certUrl,
    transmission_id: transmissionId,
    transmission_sig: transmissionSig,
    transmission_time: transmissionTime,
    webhook_id: settings.webhookId,
  });
  const body = `${head.slice(0, -1)},"webhook_event":${rawBody}}`;
  const res = await authorized(settings, "/v1/notifications/verify-webhook-signature", {
    method: "POST",
    body,
  });
  const answer = (await res.json().catch(() => null)) as { verification_status?: string } | null;
  if (!res.ok || answer?.verification_status !== "SUCCESS") fail(400, PAYMENTS_MSG.badSignature);
}

/** "10.00" → 1000, without floats; null for anything else. */
function centsOf(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** PayPal's subscription status in our words. */
export function paypalStatus(status: string): SubscriptionStatus {
  if (status === "ACTIVE") return "ACTIVE";
  if (status === "APPROVAL_PENDING" || status === "APPROVED") return "PENDING";
  return "CANCELLED";
}

/** The end of the paid period: PayPal's next billing time. */
export function paypalPeriodEnd(sub: PaypalSubscription): number | null {
  const next = sub.billing_info?.next_billing_time;
  const ms = next ? Date.parse(next) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}

/** The subscription id a BILLING.SUBSCRIPTION.* event is about, and its plan when it says. */
export function paypalEventSubscription(event: PaypalEvent): { id: string; planId: string | null } | null {
  const { id, plan_id } = event.resource;
  if (typeof id !== "string" || !id) return null;
  return { id, planId: typeof plan_id === "string" ? plan_id : null };
}

/** A PAYMENT.SALE.COMPLETED event's sale: its id, subscription, amount in cents and currency. */
export function paypalSaleOf(
  event: PaypalEvent,
): { saleId: string; subscriptionId: string; cents: number; currency: string } | null {
  const resource = event.resource;
  const saleId = typeof resource.id === "string" ? resource.id : null;
  const agreement = typeof resource.billing_agreement_id === "string" ? resource.billing_agreement_id : null;
  const amount = resource.amount as { total?: unknown; currency?: unknown } | undefined;
  const cents = centsOf(amount?.total);
  if (!saleId || !agreement || cents === null || typeof amount?.currency !== "string") return null;
  return { saleId, subscriptionId: agreement, cents, currency: amount.currency };
}
