import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { DEVELOPMENT_VARS } from "../scripts/dev-settings.mjs";

const migrations = await readD1Migrations(new URL("../migrations", import.meta.url).pathname);

export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "../wrangler.toml" },
      // wrangler.toml is the production configuration: the tests run as development, said here
      // (dev outbox, cost headers, the development secret); production is tested by overriding it.
      // The production Worker plus the development routes the tests read e-mails from.
      main: new URL("./src/dev-index.ts", import.meta.url).pathname,
      miniflare: {
        bindings: { ...DEVELOPMENT_VARS, TEST_MIGRATIONS: migrations },
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
    // Two files at once, each in its own workerd with its own storage. Vitest's default on two
    // cores is one (cores - 1), and a file spends much of its time waiting on its workerd.
    maxWorkers: 2,
    // mjml-browser (e-mail templates) and @solana/web3.js (the wallet) are pre-bundled so workerd can load them.
    deps: { optimizer: { ssr: { enabled: true, include: ["mjml-browser", "@solana/web3.js"] } } },
  },
});
