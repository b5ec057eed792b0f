#!/usr/bin/env node
// `bun run test`: every check the project has, in order, stopping at the first failure.
import { runSteps } from "./run-steps.mjs";
import { ensurePackages } from "./setup.mjs";

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
runSteps(only.length ? steps.filter(([name]) => only.some((o) => name.startsWith(o))) : steps);
