// The settings every local run passes to the Worker: `bun run dev`, the browser journeys, the
// benchmarks and the backup check (all through startServer in scripts/server.mjs) and the worker
// tests (worker/vitest.config.ts). The committed wrangler.toml is the production configuration
// and carries neither: a deploy that forgets a step stays in production and refuses to serve
// without a real JWT_SECRET (worker/src/middleware/secrets.ts, docs/decisions/094).

/** The development signing secret. It is public, so production refuses it. */
export const DEVELOPMENT_JWT_SECRET = "dev-only-secret-change-me-in-production-0123456789";

/** Development mode (dev outbox and seed, cost headers) and the development secret. */
export const DEVELOPMENT_VARS = Object.freeze({
  ENVIRONMENT: "development",
  JWT_SECRET: DEVELOPMENT_JWT_SECRET,
});
