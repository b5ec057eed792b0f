import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkCounters, crashOnce, killTree, prepare, setUp } from "../bench/crash/crash.mjs";
import { assetsDirFor } from "../scripts/server.mjs";
import { holdOwnServerTurn } from "./own-server";

// The short version of `bun run bench:crash` (bench/crash/): a server of its own (the suite's
// server stays up for the other journeys), a few seconds of concurrent votes, joins, follows,
// comments and chat sends, one SIGKILL of the wrangler/workerd tree mid-flight, a restart on the
// same state, and the checks: every counter equals its rows, every acknowledged message is there once,
// and each thread's list entry (every member's unread count, the last message, the activity time)
// agrees with the thread's messages once the thread's resync after the restart has run.

const port = Number(process.env.E2E_PORT ?? 8788) + 100;
const persistTo = mkdtempSync(join(tmpdir(), "agora-e2e-crash-"));
const assetsDir = assetsDirFor(`e2e-${port}`);
let pid: number | undefined;
let release: (() => void) | undefined;

afterAll(async () => {
  if (pid) await killTree(pid);
  rmSync(persistTo, { recursive: true, force: true });
  release?.();
});

describe("a kill -9 mid-write", () => {
  it("leaves every counter equal to its rows, every acknowledged chat message stored once and every thread's unread count and last message right", async () => {
    release = await holdOwnServerTurn();
    const prepared = await prepare({ port, persistTo, assetsDir, people: 12 });
    pid = prepared.server.pid;
    const world = await setUp(prepared.server.base, prepared.names, { threads: 3 });
    const { server, row } = await crashOnce({
      server: prepared.server,
      world,
      port,
      persistTo,
      assetsDir,
      run: 1,
      minMs: 2_000,
      maxMs: 4_000,
    });
    pid = server.pid;
    expect(row.requests).toBeGreaterThan(0);
    expect(row.chatAcked).toBeGreaterThan(0);
    expect(row.driftDetail).toEqual([]);
    expect({ missing: row.chatMissing, doubled: row.chatDoubled }).toEqual({ missing: 0, doubled: 0 });
    expect(row.threadMembersChecked).toBe(6);
    expect(row.threadDriftDetail).toEqual([]);
    expect(checkCounters(persistTo).flatMap((c) => c.drift)).toEqual([]);
  }, 300_000);
});
