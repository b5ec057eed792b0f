// Runs a list of `[name, command, args]` steps in order, printing each one's time, and stops at the
// first failure. Used by `bun run test` (scripts/test.mjs) and `bun run test:changed`.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./setup.mjs";

/** Steps whose names start so need Chromium (the journeys and the size budget). */
const NEEDS_CHROMIUM = ["browser", "first-load"];

export function runSteps(steps) {
  let passed = 0;
  let failed = 0;
  for (const [name, command, args] of steps) {
    if (NEEDS_CHROMIUM.some((prefix) => name.startsWith(prefix))) ensureChromium();
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
}
