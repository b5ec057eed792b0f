import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The journeys were each written as the only one using the server and its data. A lane is one
// server with its own database and its own provider stand-ins (e2e/global-setup.ts starts one per
// lane); a test file holds a lane for its whole run, so no two files ever share a server at the same
// time, and as many files run at once as there are lanes (e2e/vitest.config.ts).

/**
 * How many lanes (servers) a run starts: as many as files run at once (E2E_LANES, 2 by default: two
 * files' journeys keep both cores busy; more lanes made each file slower, docs/decisions/120).
 */
export const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));

/** What a journey talks to: its lane's server and the stand-ins that server uses. */
export interface Lane {
  baseUrl: string;
  /** The Stripe and PayPal stand-ins (test-support/stand-ins/) the server's payments use. */
  stripeStandInUrl: string;
  paypalStandInUrl: string;
  /** The wallet's chain sources the server talks to (test-support/stand-ins): journeys fund wallets there. */
  solanaRpcUrl: string;
  chainApisUrl: string;
}

let current: Lane | undefined;

/** The lane this test file holds (set before its first test by e2e/lane-setup.ts). */
export function lane(): Lane {
  if (!current) throw new Error("no lane held: lane() is for tests and hooks, not a module's top level");
  return current;
}

export function enterLane(held: Lane): void {
  current = held;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Waits for a free lane among `count` (each a folder made atomically under `dir`; one left by a
 * process that died is taken over) and returns its number and its release.
 */
export async function holdLane(dir: string, count: number): Promise<{ index: number; release: () => void }> {
  for (;;) {
    for (let index = 0; index < count; index++) {
      const held = join(dir, `held-${index}`);
      try {
        mkdirSync(held);
        writeFileSync(join(held, "pid"), String(process.pid));
        return { index, release: () => rmSync(held, { recursive: true, force: true }) };
      } catch {
        let pid = 0;
        try {
          pid = Number(readFileSync(join(held, "pid"), "utf8"));
        } catch {
          // being made or released right now
        }
        if (pid && !alive(pid)) rmSync(held, { recursive: true, force: true });
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
