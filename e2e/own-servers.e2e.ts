import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { runChurn } from "../bench/chat-churn/churn.mjs";
import { checkCounters, crashOnce, killTree } from "../bench/crash/crash.mjs";
import { assetsDirFor, startServer } from "../scripts/server.mjs";
import { lane } from "./lane";
import { newAccount } from "./sign-in";

// The journeys of a server's own processes: a kill -9 mid-write on a server of this file's own (the
// lane's server stays up for the other journeys), and chat under churn on the lane's server. They
// share this file so they run one after the other in one lane: side by side, in two lanes, the
// churn journey's server once answered its seeding with a 500 while the crash journey killed its
// own server mid-write, and a lane waiting for the other's turn sat idle.

/** `count` new people (trust level 0) made through the API of the server at `base`, with their tokens. */
async function newPeople(base: string, count: number) {
  const request = await playwrightRequest.newContext({ baseURL: base });
  try {
    return await Promise.all(
      Array.from({ length: count }, async () => {
        const { username, token } = await newAccount(request, { trustLevel: 0 });
        return { username, token };
      }),
    );
  } finally {
    await request.dispose();
  }
}

/**
 * What the crash and churn workloads act on (bench/crash/crash.mjs `setUp`): `count` new people,
 * chat threads between pairs of them, and the demo data's posts and communities.
 */
async function worldOf(base: string, count: number, threads: number) {
  const read = async (url: string) => (await fetch(url)).json() as Promise<{ list?: unknown[] }>;
  const people = await newPeople(base, count);
  const listOf = (page: { list?: unknown[] }) => (page.list ?? page) as Array<Record<string, unknown>>;
  const posts = listOf(await read(`${base}/api/v1/feed?limit=20`))
    .map((p) => (p.public_id ?? (p.micropost as { public_id?: string } | undefined)?.public_id) as string)
    .filter(Boolean)
    .slice(0, 8);
  const communities = listOf(await read(`${base}/api/v1/community/list?limit=8`))
    .map((c) => (c.name ?? (c.community as { name?: string } | undefined)?.name) as string)
    .filter(Boolean)
    .slice(0, 6);
  const pairs = [];
  for (let t = 0; t < threads; t++) {
    const [a, b] = [people[2 * t]!, people[2 * t + 1]!];
    const made = await fetch(`${base}/api/v1/private/user/chat/thread`, {
      method: "POST",
      headers: { authorization: `Bearer ${a.token}` },
      body: new URLSearchParams({ username: b.username }),
    });
    expect(made.status, "a chat thread made").toBeLessThan(300);
    const { public_id } = (await made.json()) as { public_id: string };
    pairs.push({ publicId: public_id, members: [a, b] });
  }
  expect(posts.length * communities.length, "demo posts and communities").toBeGreaterThan(0);
  return { people, posts, communities, pairs };
}

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
    // One start, with the demo data; the twelve people come through the API (new people, as the
    // bench's, which writes them into a stopped server's file: a second start here).
    const started = await startServer({ port, persistTo, assetsDir, seed: true, quiet: true });
    own.pid = started.pid;
    const world = await worldOf(started.base, 12, 3);
    const { server, row } = await crashOnce({
      server: started,
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
// reconnect about every second while they send, with fresh accounts. On the lane's server (this
// file holds it alone while it runs), with accounts made through the API: it kills nothing, so a
// server of its own cost two starts and a seeding for nothing the check reads.
describe("chat under churn", () => {
  it("loses and doubles no acknowledged message, and keeps each sender's order", async () => {
    const base = lane().baseUrl;
    const world = await worldOf(base, 8, 4);
    const r = await runChurn(base, world, {
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
