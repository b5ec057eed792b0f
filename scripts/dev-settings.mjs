// The settings every local run passes to the Worker: `bun run dev`, the browser journeys, the
// benchmarks and the backup check (all through startServer in scripts/server.mjs) and the worker
// tests (worker/vitest.config.ts). The committed wrangler.toml is the production configuration
// and carries neither: a deploy that forgets a step stays in production and refuses to serve
// without a real JWT_SECRET (worker/src/middleware/secrets.ts, docs/decisions/094).

/** The development signing secret. It is public, so production refuses it. */
export const DEVELOPMENT_JWT_SECRET = "dev-only-secret-change-me-in-production-0123456789";

/**
 * The development VAPID pair (Web Push, docs/decisions/139): public, so production treats it as
 * "push is not configured" (worker/src/features/push/config.ts).
 */
export const DEVELOPMENT_VAPID_PUBLIC_KEY =
  "BCqcytiDJGa1oljSV6n5-hL9Cj-Ox_yPuYeSBM3UZs-Ovq4rwVHj1ySHWALiaygB-lEKnbWxBHJ9s8FAwZRtnF8";
/** The private scalar `d`, base64url (32 bytes). */
export const DEVELOPMENT_VAPID_PRIVATE_KEY = "RRmNlqvIUiBfnd1WWM3nHV70ZTjYoB6-m-wERTPVNWs";

/** Development mode (dev outbox and seed, cost headers) and the development secret. */
export const DEVELOPMENT_VARS = Object.freeze({
  ENVIRONMENT: "development",
  JWT_SECRET: DEVELOPMENT_JWT_SECRET,
  VAPID_PUBLIC_KEY: DEVELOPMENT_VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: DEVELOPMENT_VAPID_PRIVATE_KEY,
  VAPID_SUBJECT: "mailto:dev@agora.localhost",
  // Missed notifications are e-mailed after this many seconds (production: 15 minutes).
  NOTIFY_EMAIL_DELAY_S: "10",
});
