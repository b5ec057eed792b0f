import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { holdLane } from "./lane";

/**
 * The journeys that start a server of their own (crash, churn) take turns. Side by side, in two
 * lanes, the churn journey's server once answered its seeding with a 500 while the crash journey
 * killed its own server mid-write. Returns the release.
 */
export async function holdOwnServerTurn(): Promise<() => void> {
  const dir = join(tmpdir(), `agora-e2e-own-server-${process.env.E2E_PORT ?? 8788}`);
  mkdirSync(dir, { recursive: true });
  return (await holdLane(dir, 1)).release;
}
