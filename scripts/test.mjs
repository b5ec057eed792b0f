#!/usr/bin/env node
// `bun run test`: every check the project has, in order, stopping at the first failure.
import { runSteps, together } from "./run-steps.mjs";
import { ensurePackages } from "./setup.mjs";

ensurePackages();

/** The folder e2e/global-setup.ts serves the SPAs from (scripts/server.mjs `assetsDirFor`). */
const E2E_ASSETS = `dist/e2e-${process.env.E2E_PORT ?? 8788}`;

/** The first-load budget: the home page's scripts as Chromium loads them, at most 122 KB gzip (docs/decisions/183). It
 * builds the SPAs into the browser journeys' folder, which they then serve without building again. */
const sizeBudget = [
  "first-load size budget",
  "node",
  ["bench/size/measure.mjs", "--check", "--no-write", "--no-timing", "--assets-dir", E2E_ASSETS],
];

// Two sequences side by side (scripts/run-steps.mjs), then the journeys, which keep both cores busy
// on their own (beside the worker tests, both took more than twice as long).
const checks = [
  ["lint", "biome", ["check", "."]],
  ["lint: the first screen's static imports", "node", ["scripts/check-first-load.mjs"]],
  // Features do not import each other and form no cycles (.dependency-cruiser.cjs, ADR 138).
  [
    "layering",
    "depcruise",
    ["worker/src", "web/src", "admin/src", "shared", "--ignore-known", "--output-type", "err"],
  ],
  // SQL text only in queries modules, no rules in route files (docs/decisions/174, 188).
  ["house: SQL in queries modules, no rules in routes", "node", ["scripts/check-house.mjs"]],
  // No unused file, export or dependency anywhere: Worker, SPAs, shared, tests (docs/decisions/191).
  ["unused code (knip)", "knip", []],
  ["references in comments and records", "node", ["scripts/check-references.mjs"]],
  // Each "Supports" of the accessibility report names a test that exists (ADR 153).
  ["accessibility report names real tests", "node", ["scripts/check-conformance.mjs"]],
  ["migrations match the schema", "bun", ["scripts/check-migrations.mjs"]],
  // The SPAs' client types are what the Worker's routes describe (docs/decisions/182).
  ["API types match the Worker's routes", "bun", ["scripts/api-types.mjs", "--check"]],
  // wrangler.toml as committed deploys as production with no secret in [vars] (ADR 094).
  ["deploy config", "node", ["scripts/check-deploy-config.mjs"]],
  // The deployed Worker keeps no names; passkeys verify through a bundle minified so (ADR 247).
  ["passkeys in the minified bundle", "node", ["scripts/check-minified-passkeys.mjs"]],
  ["dependency audit", "node", ["scripts/audit.mjs"]],
];
const steps = [
  together(
    [
      ...checks,
      ["types", "tsc", ["-b"]],
      ["SPA component tests", "vitest", ["run", "--config", "vitest.ui.config.ts"]],
      sizeBudget,
      // The Workers' bundle and the migrated empty database the journeys' servers start from.
      ["servers for the journeys", "node", ["scripts/prepare-servers.mjs"]],
    ],
    // The longest step alone: the short checks beside it keep the other sequence the shorter one.
    [["worker tests (workerd)", "vitest", ["run", "--config", "worker/vitest.config.ts"]]],
  ),
  ["browser end-to-end tests", "vitest", ["run", "--config", "e2e/vitest.config.ts"]],
];

// `bun run test <name>…` runs only the steps whose names start so, one after the other.
const only = process.argv.slice(2);
const flat = steps.flatMap((s) => (s.sequences ? s.sequences.flat() : [s]));
runSteps(only.length ? flat.filter(([name]) => only.some((o) => name.startsWith(o))) : steps);
