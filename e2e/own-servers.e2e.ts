import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChurn } from "../bench/chat-churn/churn.mjs";
import { checkCounters, crashOnce, killTree, prepare, setUp } from "../bench/crash/crash.mjs";
import { assetsDirFor } from "../scripts/server.mjs";

// The journeys that start a server of their own (the suite's server stays up for the other
// journeys). They share this file so they run one after the other in one lane: side by side, in
// two lanes, the churn journey's server once answered its seeding with a 500 while the crash
// journey killed its own server mid-write, and a lane waiting for the other's turn sat idle.

/** A server of this file's own on fresh state, stopped and removed when its block ends. */
function ownServer(name: string, offset: number) {
  const port = Number(process.env.E2E_PORT ?? 8788) + offset;
  const persistTo = mkdtempSync(join(tmpdir(), `agora-e2e-${name}-`));
  const server = {
    port,
    persistTo,
    assetsDir: assetsDirFor(`e2e-${port}`),
    pid: undefined as number | undefined,
  };
  afterAll(async () => {
    if (server.pid) await killTree(server.pid);
    rmSync(persistTo, { recursive: true, force: true });
  });
  return server;
}

// The short version of `bun run bench:crash` (bench/crash/): a few seconds of concurrent votes,
// joins, follows, comments and chat sends, one SIGKILL of the server's process tree mid-flight, a
// restart on the same state, and the checks: every counter equals its rows, every acknowledged
// message is there once, and each thread's list entry (every member's unread count, the last
// message, the activity time) agrees with the thread's messages once the thread's resync after the
// restart has run.
describe("a kill -9 mid-write", () => {
  const own = ownServer("crash", 100);

  it("leaves every counter equal to its rows, every acknowledged chat message stored once and every thread's unread count and last message right", async () => {
    const { port, persistTo, assetsDir } = own;
    const prepared = await prepare({ port, persistTo, assetsDir, people: 12 });
    own.pid = prepared.server.pid;
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
      minAcked: 1,
    });
    own.pid = server.pid;
    expect(row.requests).toBeGreaterThan(0);
    expect(row.chatAcked).toBeGreaterThan(0);
    expect(row.driftDetail).toEqual([]);
    expect({ missing: row.chatMissing, doubled: row.chatDoubled }).toEqual({ missing: 0, doubled: 0 });
    expect(row.threadMembersChecked).toBe(6);
    expect(row.threadDriftDetail).toEqual([]);
    expect(checkCounters(persistTo).flatMap((c) => c.drift)).toEqual([]);
  }, 300_000);
});

// The short version of `bun run bench:chat-churn`: 20 sockets over 4 threads that drop and
// reconnect about every second while they send, with fresh accounts.
describe("chat under churn", () => {
  const own = ownServer("churn", 101);

  it("loses and doubles no acknowledged message, and keeps each sender's order", async () => {
    const { server, names } = await prepare({
      port: own.port,
      persistTo: own.persistTo,
      assetsDir: own.assetsDir,
      people: 8,
    });
    own.pid = server.pid;
    const world = await setUp(server.base, names, { threads: 4 });
    const r = await runChurn(server.base, world, {
      clients: 20,
      messages: 8,
      dropMs: 1_000,
      limitMs: 40_000,
    });
    expect(r.reconnects).toBeGreaterThanOrEqual(20);
    expect(r.acked).toBe(20 * 8);
    expect({
      missing: r.missing,
      doubled: r.doubled,
      outOfOrder: r.outOfOrder,
      unfinished: r.unfinished,
    }).toEqual({
      missing: 0,
      doubled: 0,
      outOfOrder: 0,
      unfinished: 0,
    });
  }, 300_000);
});
