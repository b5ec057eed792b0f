import { createExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
// The development entry: the production API plus the dev routes, which must still refuse here.
import { app } from "#worker/dev-index.ts";
import { isDevelopment } from "#worker/env.ts";
// What wrangler.toml `main` deploys.
import deployed from "#worker/index.ts";
import { signAccessToken } from "#worker/lib/tokens.ts";
import { bearer, env } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { DEVELOPMENT_VARS } from "../../../scripts/dev-settings.mjs";
import { DEVELOPMENT_JWT_SECRET } from "./secrets";

// In production the Worker serves nothing but its health check while its signing secret is
// missing or guessable, or a configured wallet has no proper encryption key.

const STRONG = "k3y-0f-at-least-thirty-two-bytes-long!!";
const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(7)));

function production(overrides: Record<string, string | undefined>) {
  return { ...env, ENVIRONMENT: "production", JWT_SECRET: STRONG, ...overrides };
}

afterEach(() => vi.restoreAllMocks());
const ctx = () => createExecutionContext();

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

// Only ENVIRONMENT exactly "development" is development; every other value, none included, is
// production for every guard (env.ts `isDevelopment`), so a deploy that forgets a step fails closed.
describe("every ENVIRONMENT but development is production", () => {
  const values: Array<[string, string | undefined]> = [
    ["production", "production"],
    ["test", "test"],
    ["staging", "staging"],
    ["Development", "Development"],
    ["development with a space", "development "],
    ["empty", ""],
    ["unset", undefined],
  ];

  it.each(values)(
    "%s: the development secret and a missing one get 503, health stays up",
    async (_n, value) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      for (const secret of [DEVELOPMENT_JWT_SECRET, undefined]) {
        const running = { ...env, ENVIRONMENT: value, JWT_SECRET: secret };
        for (const [method, path] of [
          ["GET", "/api/v1/feed"],
          ["GET", "/api/dev/outbox?to=someone@example.com"],
          ["POST", "/api/dev/seed"],
          ["POST", "/api/admin/auth/login"],
        ] as const) {
          const res = await app.request(path, { method }, running);
          expect(res.status, `${method} ${path}`).toBe(503);
        }
        expect((await app.request("/api/health", {}, running)).status).toBe(200);
      }
    },
  );

  it.each(values)(
    "%s: no dev outbox, no seed, no cost headers, no token signed with the development secret",
    async (_n, value) => {
      const running = { ...env, ENVIRONMENT: value, JWT_SECRET: STRONG };
      const outbox = await app.request("/api/dev/outbox?to=someone@example.com", {}, running);
      expect(outbox.status).toBe(404);
      const seed = await app.request("/api/dev/seed", { method: "POST" }, running);
      expect(seed.status).toBe(404);
      const feed = await app.request("/api/v1/feed", {}, running);
      expect(feed.status).toBe(200);
      expect(feed.headers.get("x-d1-rows-read")).toBeNull();
      // A person made with the development secret (as the worker tests' own tokens are).
      const { token } = await createUser();
      const forged = await signAccessToken(DEVELOPMENT_JWT_SECRET, "user", 1, 0);
      for (const bearerToken of [token, forged]) {
        const me = await app.request(
          "/api/v1/private/user/notification/list",
          { headers: bearer(bearerToken) },
          running,
        );
        expect(me.status).toBe(401);
      }
    },
  );

  it("development, exactly, keeps the outbox, the cost headers and its own tokens", async () => {
    const running = { ...env, ENVIRONMENT: "development", JWT_SECRET: DEVELOPMENT_JWT_SECRET };
    expect((await app.request("/api/dev/outbox?to=someone@example.com", {}, running)).status).toBe(200);
    expect((await app.request("/api/v1/feed", {}, running)).headers.get("x-d1-rows-read")).not.toBeNull();
    const { auth } = await createUser();
    expect(
      (await app.request("/api/v1/private/user/notification/list", { headers: auth }, running)).status,
    ).toBe(200);
  });

  it("the deployed entry has no dev routes at all, even when told it is development", async () => {
    const running = { ...env, ENVIRONMENT: "development", JWT_SECRET: DEVELOPMENT_JWT_SECRET };
    for (const [method, path] of [
      ["GET", "/api/dev/outbox?to=someone@example.com"],
      ["POST", "/api/dev/seed"],
    ] as const) {
      const res = await deployed.fetch(new Request(`http://localhost${path}`, { method }), running, ctx());
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({
        detail: `No such path: ${method} ${path.split("?")[0]}`,
        code: "not_found",
      });
    }
    const openapi = await (
      await deployed.fetch(new Request("http://localhost/api/openapi.json"), running, ctx())
    ).json();
    expect(
      Object.keys((openapi as { paths: object }).paths).filter((p) => p.startsWith("/api/dev/")),
    ).toEqual([]);
  });

  it("the worker tests and local runs pass the development settings, the same secret production refuses", () => {
    // With the development push key pair (production refuses it: features/push) and a short e-mail wait.
    expect(DEVELOPMENT_VARS).toEqual({
      ENVIRONMENT: "development",
      JWT_SECRET: DEVELOPMENT_JWT_SECRET,
      VAPID_PUBLIC_KEY: expect.any(String),
      VAPID_PRIVATE_KEY: expect.any(String),
      VAPID_SUBJECT: expect.stringMatching(/^mailto:/),
      NOTIFY_EMAIL_DELAY_S: "10",
    });
    expect(env.ENVIRONMENT).toBe("development");
    expect(isDevelopment({})).toBe(false);
  });
});
