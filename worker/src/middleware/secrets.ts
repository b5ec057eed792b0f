import type { MiddlewareHandler } from "hono";
import { type AppEnv, type Bindings, isDevelopment } from "../env";
import { refusalBody } from "../lib/errors";

/**
 * The signing secret local runs pass (scripts/dev-settings.mjs, worker/vitest.config.ts); it is in
 * the repository, so never good enough for production.
 */
export const DEVELOPMENT_JWT_SECRET = "dev-only-secret-change-me-in-production-0123456789";

/** The wallet's sources: when one is configured, custody needs a proper encryption key. */
const WALLET_SOURCES = ["SOLANA_RPC_URL", "ETHEREUM_RPC_URL", "BITCOIN_API_URL"] as const;

function base64Bytes(value: string): number {
  try {
    return atob(value).length;
  } catch {
    return 0;
  }
}

/**
 * What makes this deployment unsafe to serve, as lines for the operator's log (never for a
 * client). Everything but development is checked (env.ts `isDevelopment`): development runs on the
 * development secret by design.
 */
export function unsafeSecrets(env: Bindings): string[] {
  if (isDevelopment(env)) return [];
  const problems: string[] = [];
  const secret = env.JWT_SECRET ?? "";
  if (!secret) problems.push("JWT_SECRET is not set (wrangler secret put JWT_SECRET)");
  else if (secret === DEVELOPMENT_JWT_SECRET) problems.push("JWT_SECRET is the development value");
  else if (new TextEncoder().encode(secret).length < 32) problems.push("JWT_SECRET is shorter than 32 bytes");
  const vars = env as unknown as Record<string, string | undefined>;
  const wallet = WALLET_SOURCES.filter((name) => vars[name]);
  if (wallet.length && base64Bytes(vars.WALLET_ENCRYPTION_KEY ?? "") !== 32) {
    problems.push(`${wallet.join(", ")} configured but WALLET_ENCRYPTION_KEY is not 32 bytes of base64`);
  }
  return problems;
}

let told = false;

/**
 * In production, a Worker with no signing secret, a guessable one or an unencrypted wallet serves nothing
 * but its health check: 503 on every other path, and one clear line in the log.
 */
export const refuseUnsafeSecrets: MiddlewareHandler<AppEnv> = async (c, next) => {
  const problems = unsafeSecrets(c.env);
  if (!problems.length || c.req.path === "/api/health") return next();
  if (!told) {
    console.error(`Refusing to serve until the secrets are fixed: ${problems.join("; ")}`);
    told = true;
  }
  return c.json(refusalBody(503, "This server is not configured safely yet"), 503);
};
