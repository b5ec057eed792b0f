import type { MjmlRenderer } from "../renderer/index";
import type { Deps } from "./deps";
import type { ChatThread } from "./features/chat/chat-thread";
import type { Inbox } from "./features/live/inbox";
import type { PostWatchers } from "./features/live/post-watchers";
import type { JobMessage } from "./queue";

/** Every binding and variable of wrangler.toml, typed once. Optional ones are provider settings. */
export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  CHAT_THREAD: DurableObjectNamespace<ChatThread>;
  /** One per person: their open tabs' live updates (features/live). */
  INBOX: DurableObjectNamespace<Inbox>;
  /** One per post: the sockets of the tabs that show it, sent its POST_ACTIVITY. */
  POST_WATCHERS: DurableObjectNamespace<PostWatchers>;
  JOBS: Queue<JobMessage>;
  ASSETS: Fetcher;
  /** The MJML renderer Worker (worker/renderer/), a service binding: e-mail templates' HTML. */
  MJML: MjmlRenderer;
  /** Workers Rate Limiting binding for vote bursts (wrangler.toml `[[ratelimits]]`). */
  VOTE_LIMITER?: RateLimit;
  /** "development" turns the development helpers on; anything else, or nothing, is production. */
  ENVIRONMENT?: string;
  PUBLIC_URL: string;
  /** A secret (`wrangler secret put`), never a var; without it production answers 503 (middleware/secrets.ts). */
  JWT_SECRET: string;
  /** Web Push (features/push): the VAPID pair (base64url: the public point, the private scalar) and contact. */
  VAPID_PUBLIC_KEY?: string;
  /** A secret: never a var. */
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  /** Seconds a notification may stay unseen before it goes out in an e-mail (production 900). */
  NOTIFY_EMAIL_DELAY_S?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTH_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_JWKS_URL?: string;
  ADMIN_PASSWORD?: string;
  // Payments: each provider is switched on by its keys; empty or absent means not configured (503).
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_ID_USER?: string;
  STRIPE_PRICE_ID_BUSINESS?: string;
  /** Stripe's API (https://api.stripe.com), or a local stand-in speaking its wire format. */
  STRIPE_API_BASE?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_SECRET?: string;
  PAYPAL_PLAN_ID_USER?: string;
  PAYPAL_PLAN_ID_BUSINESS?: string;
  PAYPAL_WEBHOOK_ID?: string;
  /** PayPal's REST API (https://api-m.paypal.com; sandbox: https://api-m.sandbox.paypal.com). */
  PAYPAL_API_BASE?: string;
  /** The wallet's sources (docs/decisions/080); unset outside production means "not configured". */
  SOLANA_RPC_URL?: string;
  ETHEREUM_RPC_URL?: string;
  BITCOIN_API_URL?: string;
  PRICE_API_URL?: string;
  /** 32 bytes, base64: seals the custodial keys (AES-GCM). A secret: never in vars. */
  WALLET_ENCRYPTION_KEY?: string;
}

export interface AuthUser {
  id: number;
  username: string;
  /** Read with the token check (no extra query): what the write limits depend on. */
  trust?: { level: number; at: number; joinedAt: number };
  /** The token version the session was signed with. */
  version?: number;
  /** When this session last proved a second factor (s since epoch), or null: for step-up. */
  factorAt?: number | null;
  /** When this session last typed the password (s since epoch), or null. */
  passwordAt?: number | null;
}
export interface AuthAdmin {
  id: number;
  username: string;
  version?: number;
  factorAt?: number | null;
  passwordAt?: number | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    /** The request's data handle and bindings, for services (middleware/database.ts). */
    deps: Deps;
    user: AuthUser;
    admin: AuthAdmin;
    /** Set for any request with a valid user token, also on public paths. */
    viewer: AuthUser | null;
    /** A suspended person's appeal token, on the appeal path only (middleware/auth.ts). */
    appealer?: { userId: number; moderationId: number };
  };
}

/**
 * The one switch between development and production, for every guard: development only when
 * `ENVIRONMENT` is exactly "development". Anything else ("production", "test", "staging",
 * "Development", "", unset) is production, so a deploy that forgets a setting fails closed: no dev
 * outbox or seed, no development secret, no cost headers. Local runs pass "development" themselves
 * (scripts/dev-settings.mjs); the committed wrangler.toml says "production".
 */
export function isDevelopment(env: { ENVIRONMENT?: string }): boolean {
  return env.ENVIRONMENT === "development";
}
