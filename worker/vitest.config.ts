import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations(new URL("../migrations", import.meta.url).pathname);

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "../wrangler.toml" },
      miniflare: {
        bindings: { ENVIRONMENT: "test", TEST_MIGRATIONS: migrations },
      },
    }),
  ],
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["./test/apply-migrations.ts"],
    // The wallet's chain sources (Solana RPC on litesvm, ETH, BTC, prices) as local servers.
    globalSetup: ["./test/stand-ins-setup.ts"],
    testTimeout: 30_000,
    // mjml-browser is a CommonJS bundle: pre-bundled so workerd can load it (e-mail templates).
    deps: { optimizer: { ssr: { include: ["mjml-browser"] } } },
  },
});
