import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runChurn } from "../bench/chat-churn/churn.mjs";
import { killTree, prepare, setUp } from "../bench/crash/crash.mjs";
import { assetsDirFor } from "../scripts/server.mjs";
import { holdOwnServerTurn } from "./own-server";

// The short version of `bun run bench:chat-churn`: 20 sockets over 4 threads that drop and
// reconnect about every second while they send, on a server of its own with fresh accounts.

const port = Number(process.env.E2E_PORT ?? 8788) + 101;
const persistTo = mkdtempSync(join(tmpdir(), "agora-e2e-churn-"));
let pid: number | undefined;
let release: (() => void) | undefined;

afterAll(async () => {
  if (pid) await killTree(pid);
  rmSync(persistTo, { recursive: true, force: true });
  release?.();
});

describe("chat under churn", () => {
  it("loses and doubles no acknowledged message, and keeps each sender's order", async () => {
    release = await holdOwnServerTurn();
    const { server, names } = await prepare({
      port,
      persistTo,
      assetsDir: assetsDirFor(`e2e-${port}`),
      people: 8,
    });
    pid = server.pid;
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
