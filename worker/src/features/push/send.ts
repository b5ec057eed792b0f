import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { PushPayload } from "#shared/schemas/push.ts";
import type { Deps } from "#worker/deps.ts";
import { vapidConfig } from "./config";
import { forgetSubscription, type SubscriptionRow, subscriptionsOf } from "./queries";

// Sending one push to every browser a person subscribed (RFC 8030), the payload encrypted for each
// (RFC 8291, aes128gcm) and signed with the VAPID key (RFC 8292) by @block65/webcrypto-web-push, which
// uses Web Crypto only. Runs in the queue consumer, never in a request.

export interface PushOptions {
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency: "low" | "normal" | "high";
}

/** What became of each subscription: sent, forgotten (404/410) or failed (kept, tried next time). */
export interface PushOutcome {
  sent: number;
  forgotten: number;
  failed: number;
}

/**
 * Development accepts loopback http endpoints (a test's push service). The library builds for
 * https only, so the request is built for the https twin and sent to the address as given.
 */
function buildable(endpoint: string): string {
  return endpoint.startsWith("http://") ? `https://${endpoint.slice("http://".length)}` : endpoint;
}

async function sendOne(deps: Deps, sub: SubscriptionRow, payload: PushPayload, options: PushOptions) {
  const config = vapidConfig(deps.env);
  if (!config) return "failed" as const;
  const request = await buildPushPayload(
    { data: payload, options: { ttl: options.ttl, urgency: options.urgency, topic: topicOf(payload.tag) } },
    { endpoint: buildable(sub.endpoint), expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
  );
  const res = await fetch(sub.endpoint, { method: "POST", headers: request.headers, body: request.body });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) {
    await forgetSubscription(deps, sub.id);
    return "forgotten" as const;
  }
  if (!res.ok) {
    console.error(`push service answered ${res.status} for subscription ${sub.id}`);
    return "failed" as const;
  }
  return "sent" as const;
}

/**
 * RFC 8030's Topic replaces an undelivered push with the same topic: a thread's newest message
 * replaces the older ones waiting for an offline phone. At most 32 base64url characters.
 */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 32);
}

/**
 * Sends `payload` to each of the person's subscriptions: `subscriptions` when the caller read them
 * already (an away job reads them with the person's choices), else read here.
 */
export async function pushTo(
  deps: Deps,
  userId: number,
  payload: PushPayload,
  options: PushOptions,
  subscriptions?: SubscriptionRow[],
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, forgotten: 0, failed: 0 };
  if (!vapidConfig(deps.env)) return outcome;
  const subs = subscriptions ?? (await subscriptionsOf(deps, userId));
  const results = await Promise.allSettled(subs.map((sub) => sendOne(deps, sub, payload, options)));
  for (const result of results) {
    if (result.status === "fulfilled") outcome[result.value] += 1;
    else {
      console.error("push failed", result.reason);
      outcome.failed += 1;
    }
  }
  return outcome;
}
