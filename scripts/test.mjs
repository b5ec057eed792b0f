#!/usr/bin/env node
// `bun run test`: every check the project has, in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { ensureChromium, ensurePackages } from "./setup.mjs";

ensurePackages();

/** The folder e2e/global-setup.ts serves the SPAs from (scripts/server.mjs `assetsDirFor`). */
const E2E_ASSETS = `dist/e2e-${process.env.E2E_PORT ?? 8788}`;

const steps = [
  ["types", "tsc", ["-b"]],
  ["lint", "biome", ["check", "."]],
  ["lint: the first screen's static imports", "node", ["scripts/check-first-load.mjs"]],
  ["references in comments and records", "node", ["scripts/check-references.mjs"]],
  ["migrations match the schema", "bun", ["scripts/check-migrations.mjs"]],
  // wrangler.toml as committed deploys as production with no secret in [vars] (ADR 094).
  ["deploy config", "node", ["scripts/check-deploy-config.mjs"]],
  ["dependency audit", "node", ["scripts/audit.mjs"]],
  ["worker tests (workerd)", "vitest", ["run", "--config", "worker/vitest.config.ts"]],
  ["SPA component tests", "vitest", ["run", "--config", "vitest.ui.config.ts"]],
  // The first-load budget: the home page's scripts as Chromium loads them, at most 120 KB gzip. It builds
  // the SPAs into the browser journeys' folder, which they then serve without building again.
  [
    "first-load size budget",
    "node",
    ["bench/size/measure.mjs", "--check", "--no-write", "--no-timing", "--assets-dir", E2E_ASSETS],
  ],
  ["browser end-to-end tests", "vitest", ["run", "--config", "e2e/vitest.config.ts"]],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, command, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue;
  if (name.startsWith("browser") || name.startsWith("first-load")) ensureChromium();
  console.log(`\n━━ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    console.log(`━━ ${name}: passed in ${seconds}s`);
  } else {
    failed++;
    console.log(`━━ ${name}: FAILED (exit ${result.status}) after ${seconds}s`);
    break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
