import { afterEach, describe, expect, it, vi } from "vitest";
import app from "#worker/app.ts";
import { env } from "#worker-test/api.ts";
import { DEVELOPMENT_JWT_SECRET } from "./secrets";

// In production the Worker serves nothing but its health check while its signing
// secret is guessable or a configured wallet has no proper encryption key.

const STRONG = "k3y-0f-at-least-thirty-two-bytes-long!!";
const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));

function production(overrides: Record<string, string | undefined>) {
  return { ...env, ENVIRONMENT: "production", JWT_SECRET: STRONG, ...overrides };
}

afterEach(() => vi.restoreAllMocks());

describe("refusing to serve with unsafe secrets", () => {
  const unsafe: Array<[string, Record<string, string | undefined>]> = [
    ["the development JWT secret", { JWT_SECRET: DEVELOPMENT_JWT_SECRET }],
    ["a JWT secret under 32 bytes", { JWT_SECRET: "short-secret" }],
    ["no JWT secret", { JWT_SECRET: "" }],
    ["a wallet without an encryption key", { SOLANA_RPC_URL: "https://rpc.example" }],
    [
      "a wallet with a 16-byte key",
      { ETHEREUM_RPC_URL: "https://eth.example", WALLET_ENCRYPTION_KEY: btoa("0123456789abcdef") },
    ],
    [
      "a wallet with a key that is not base64",
      { BITCOIN_API_URL: "https://btc.example", WALLET_ENCRYPTION_KEY: "%%%" },
    ],
  ];

  it.each(unsafe)("%s: 503 on every path but health, and one clear log line", async (_name, overrides) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of [
      "/api/v1/feed",
      "/api/v1/user/auth/login",
      "/api/admin/private/auth/me",
      "/",
      "/admin/",
    ]) {
      const res = await app.request(path, {}, production(overrides));
      expect(res.status, path).toBe(503);
      const body = await res.text();
      expect(body).toContain("not configured safely");
      expect(body).not.toContain("JWT_SECRET");
    }
    const health = await app.request("/api/health", {}, production(overrides));
    expect(health.status).toBe(200);
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines.every((line) => !line.includes(STRONG) && !line.includes(DEVELOPMENT_JWT_SECRET))).toBe(
      true,
    );
  });

  it("serves with a strong secret and a 32-byte wallet key", async () => {
    const res = await app.request(
      "/api/v1/feed",
      {},
      production({ SOLANA_RPC_URL: "https://rpc.example", WALLET_ENCRYPTION_KEY: KEY }),
    );
    expect(res.status).toBe(200);
  });

  it("development keeps its development secret", async () => {
    const res = await app.request(
      "/api/v1/feed",
      {},
      { ...env, ENVIRONMENT: "development", JWT_SECRET: DEVELOPMENT_JWT_SECRET },
    );
    expect(res.status).toBe(200);
  });

  it("says what is wrong in the log", async () => {
    const { unsafeSecrets } = await import("./secrets");
    expect(unsafeSecrets(production({ JWT_SECRET: DEVELOPMENT_JWT_SECRET }) as never)).toEqual([
      "JWT_SECRET is the development value",
    ]);
  });
});
