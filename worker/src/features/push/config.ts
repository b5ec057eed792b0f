import type { Bindings } from "#worker/env.ts";
import { isDevelopment } from "#worker/env.ts";

// Whether this deployment can send Web Push, and to which addresses (docs/decisions/139).

/** The development pair's public half (scripts/dev-settings.mjs): production refuses it. */
const DEVELOPMENT_VAPID_PUBLIC_KEY =
  "BCqcytiDJGa1oljSV6n5-hL9Cj-Ox_yPuYeSBM3UZs-Ovq4rwVHj1ySHWALiaygB-lEKnbWxBHJ9s8FAwZRtnF8";

export interface VapidConfig {
  publicKey: string;
  /** The private scalar `d`, base64url. */
  privateKey: string;
  subject: string;
}

/** The VAPID keys and contact, or null when push is not configured here. */
export function vapidConfig(env: Bindings): VapidConfig | null {
  const publicKey = env.VAPID_PUBLIC_KEY ?? "";
  const privateKey = env.VAPID_PRIVATE_KEY ?? "";
  const subject = env.VAPID_SUBJECT ?? "";
  if (!publicKey || !privateKey || !/^(mailto:|https:)/.test(subject)) return null;
  if (!isDevelopment(env) && publicKey === DEVELOPMENT_VAPID_PUBLIC_KEY) return null;
  if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey) || !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) return null;
  return { publicKey, privateKey, subject };
}

/** Hosts of the push services browsers use: Google (Chrome, Edge on Android), Mozilla, Apple, Microsoft. */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/;

/**
 * Whether an endpoint may be sent to: https on a known push service's host. In development a
 * loopback address (http or https) is accepted too, so a test can play the push service. Anything
 * else (a metadata address, an intranet host, a lookalike) is refused: the Worker would POST there.
 */
export function isPushEndpoint(env: Bindings, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isDevelopment(env) && LOOPBACK.test(url.hostname) && /^https?:$/.test(url.protocol)) return true;
  if (url.protocol !== "https:" || (url.port && url.port !== "443")) return false;
  return PUSH_HOSTS.some((host) => host.test(url.hostname));
}

/** Seconds an unseen notification waits before the e-mail: NOTIFY_EMAIL_DELAY_S, else 15 minutes. */
export function emailDelaySeconds(env: Bindings): number {
  const value = Number(env.NOTIFY_EMAIL_DELAY_S);
  return Number.isFinite(value) && value >= 0 ? value : 900;
}
