#!/usr/bin/env node
// `bun run test:changed [since]`: the inner loop. Types and lint of the whole project (tsc -b only
// re-checks what changed since its last run), then only the test files related to the files changed
// since `since` (default: the branch `main`, or HEAD where there is none), committed or not:
// Vitest's `--changed` follows each test file's imports, so a change to a service runs the tests
// that import it. Browser journeys run when their own files or helpers changed. `bun run test`
// stays the whole check.
import { spawnSync } from "node:child_process";
import { runSteps } from "./run-steps.mjs";
import { ensurePackages } from "./setup.mjs";

ensurePackages();

const hasMain =
  spawnSync("git", ["rev-parse", "--verify", "--quiet", "main"], { stdio: "ignore" }).status === 0;
const since = process.argv[2] ?? (hasMain ? "main" : "HEAD");
const related = (config) => ["run", "--config", config, "--changed", since, "--passWithNoTests"];

const steps = [
  ["types", "tsc", ["-b"]],
  ["lint", "biome", ["check", "."]],
  ["worker tests (workerd)", "vitest", related("worker/vitest.config.ts")],
  ["SPA component tests", "vitest", related("vitest.ui.config.ts")],
  ["browser end-to-end tests", "vitest", related("e2e/vitest.config.ts")],
];

console.log(`Files changed since ${since}, committed or not, and the tests related to them.`);
runSteps(steps);
