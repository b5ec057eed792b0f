import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// The journeys share one server and its data, and each was written as the only one using it: they
// take turns in one lane. Two files run at once (e2e/vitest.config.ts), so a file that only reads
// and that a journey's writes cannot fail (the route walk) runs beside the lane: it says so with
// `runsAlongsideJourneys()` at its top, and the sequencer starts it first. Only a long file is
// worth it: with two workers, each file beside the lane keeps one worker from it (the crash and
// churn runs there held the lane back for ~200 s).

let alongside = false;

/** Called at the top of a test file that may run while journeys write. */
export function runsAlongsideJourneys(): void {
  alongside = true;
}

export const isAlongside = () => alongside;

/** The words the sequencer looks for in a file. */
export const ALONGSIDE_MARK = "runsAlongsideJourneys();";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Waits for the lane (a folder made atomically under `dir`; one left by a process that died is
 * taken over) and returns its release.
 */
export async function holdLane(dir: string): Promise<() => void> {
  const held = join(dir, "held");
  for (;;) {
    try {
      mkdirSync(held);
      writeFileSync(join(held, "pid"), String(process.pid));
      return () => rmSync(held, { recursive: true, force: true });
    } catch {
      let pid = 0;
      try {
        pid = Number(readFileSync(join(held, "pid"), "utf8"));
      } catch {
        // being made or released right now
      }
      if (pid && !alive(pid)) rmSync(held, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
}
