// Runs a list of steps, printing each one's time, and stops at the first failure. A step is
// `[name, command, args]`, or `together(...sequences)`: sequences of steps run side by side (each in
// order, its output printed when each of its steps ends), for steps that leave a core idle on their
// own (tsc and the SPA build use one; the worker tests wait on workerd). Used by `bun run test`
// (scripts/test.mjs) and `bun run test:changed`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureChromium } from "./setup.mjs";

/** Steps whose names start so need Chromium (the journeys and the size budget). */
const NEEDS_CHROMIUM = ["browser", "first-load"];

/** Sequences of steps to run side by side. */
export const together = (...sequences) => ({ sequences });

/**
 * Temporary files in memory-backed /dev/shm where the machine has it: the servers the steps start
 * (the size budget's, the journeys', the worker tests' workerd) sync every database write to disk
 * otherwise (docs/decisions/226).
 */
const memoryTemp = () =>
  existsSync("/dev/shm") && !process.env.AGORA_TESTS_ON_DISK ? { TMPDIR: "/dev/shm" } : {};

const env = () => ({ ...process.env, ...memoryTemp(), FORCE_COLOR: process.env.CI ? "0" : "1" });

/** Runs one step; `buffered` keeps its output until it ends (it shares the terminal). */
function runStep([name, command, args], { buffered }) {
  if (NEEDS_CHROMIUM.some((prefix) => name.startsWith(prefix))) ensureChromium();
  const header = `\n━━ ${name}: ${command} ${args.join(" ")}`;
  if (!buffered) console.log(header);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      env: env(),
    });
    const output = [];
    if (buffered) {
      child.stdout.on("data", (d) => output.push(d));
      child.stderr.on("data", (d) => output.push(d));
    }
    const finish = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        console.log(header);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(
        status === 0
          ? `━━ ${name}: passed in ${seconds}s`
          : `━━ ${name}: FAILED (exit ${status}) after ${seconds}s`,
      );
      resolve(status === 0);
    };
    child.on("error", () => finish(127));
    child.on("close", (code) => finish(code ?? 1));
  });
}

/** Runs the steps in order until one fails; returns how many passed and whether one failed. */
async function runSequence(steps, { buffered }) {
  let passed = 0;
  for (const step of steps) {
    if (step.sequences) {
      const results = await Promise.all(step.sequences.map((s) => runSequence(s, { buffered: true })));
      passed += results.reduce((n, r) => n + r.passed, 0);
      if (results.some((r) => r.failed)) return { passed, failed: true };
    } else if (await runStep(step, { buffered })) passed++;
    else return { passed, failed: true };
  }
  return { passed, failed: false };
}

export async function runSteps(steps) {
  const started = Date.now();
  const { passed, failed } = await runSequence(steps, { buffered: false });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nsteps: ${passed} passed, ${failed ? 1 : 0} failed, in ${minutes} min`);
  process.exit(failed ? 1 : 0);
}
