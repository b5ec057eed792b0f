import { existsSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { buildSync } from "esbuild";
import { defineConfig } from "vitest/config";
import { DEVELOPMENT_VARS } from "../scripts/dev-settings.mjs";

// The MJML renderer Worker (worker/renderer/) runs beside the Worker under test, bound as MJML
// through wrangler.toml's [[services]] entry like in production. Auxiliary Workers are given as
// built JavaScript, so its own code is bundled here, one file, the way wrangler bundles it.
const renderer = new URL("../node_modules/.cache/agora-mjml/index.js", import.meta.url).pathname;
buildSync({
  entryPoints: [new URL("./renderer/index.ts", import.meta.url).pathname],
  outfile: renderer,
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["browser", "module", "main"],
  external: ["cloudflare:*"],
  logLevel: "warning",
});
const rendererToml = readFileSync(new URL("./renderer/wrangler.toml", import.meta.url), "utf8");
const RENDERER_CONFIG = {
  compatibilityDate: /^compatibility_date = "([^"]+)"/m.exec(rendererToml)?.[1],
  modulesRoot: dirname(renderer),
};

/** Adds up the "openapi check: N responses" lines of every file and prints the run's total. */
function openApiCheckTotal() {
  let total = 0;
  let files = 0;
  return {
    onUserConsoleLog(log: { content: string }) {
      const found = /openapi check: (\d+) responses/.exec(log.content);
      if (found) {
        total += Number(found[1]);
        files += 1;
      }
    },
    onTestRunEnd() {
      console.info(`openapi check: ${total} responses held against the document over ${files} files`);
    },
  };
}

// Miniflare keeps each workerd's storage (D1, Durable Objects, R2) in a folder under the temporary
// one. In memory-backed /dev/shm where the machine has it, as the journeys' servers do (ADR 161):
// on disk every write waits for its log to be synced (ADR 226).
if (existsSync("/dev/shm") && !process.env.AGORA_TESTS_ON_DISK) process.env.TMPDIR = "/dev/shm";

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
        workers: [{ name: "agora-mjml", modules: true, scriptPath: renderer, ...RENDERER_CONFIG }],
      },
    }),
  ],
  test: {
    root: new URL(".", import.meta.url).pathname,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["./test/apply-migrations.ts", "./test/openapi-check-setup.ts"],
    // Each file says how many answers it held against the OpenAPI document; the run adds them up.
    reporters: ["default", openApiCheckTotal()],
    // The wallet's chain sources (Solana RPC on litesvm, ETH, BTC, prices) as local servers.
    globalSetup: ["./test/stand-ins-setup.ts"],
    testTimeout: 30_000,
    // Two files at once, each in its own workerd with its own storage. Vitest's default on two
    // cores is one (cores - 1), and a file spends much of its time waiting on its workerd.
    maxWorkers: 2,
    // A file reuses its worker's workerd instead of starting its own (~3.6 s each); the setup file
    // gives it an empty database all the same (test/apply-migrations.ts).
    isolate: false,
    // @solana/web3.js (the wallet) is pre-bundled so workerd can load it.
    deps: { optimizer: { ssr: { enabled: true, include: ["@solana/web3.js"] } } },
  },
});
