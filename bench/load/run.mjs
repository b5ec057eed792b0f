#!/usr/bin/env node
// Under load: 16 concurrent clients for 60 s over a mix like real traffic (feed pages, post pages,
// search, votes, comments, chat sends over the socket) against the server with a million posts.
// Reports errors (any non-2xx, refused frame or missing acknowledgement), p50/p99 per endpoint,
// and throughput as a ratio to `/api/health` measured in the same run with the same clients.
//
//   flock /tmp/agora-heavy.lock bun run bench:load [--posts 1000000] [--seconds 60] [--clients 16] [--reuse]
//     [--only "feed NEW"]   (one endpoint of the mix alone, to see what each costs)
//
// The data is bench/feed's (load.mjs: 1,000 people, 100 communities, the posts, real votes, a
// 5,000-comment thread) written into the local D1 file of its own state (BENCH_STATE, default
// /tmp/agora-load-bench), served on BENCH_PORT (8809). --reuse keeps a state already loaded with
// as many posts. The mix lives in MIX below; a new endpoint gets its line there.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { assetsDirFor, startServer } from "../../scripts/server.mjs";
import { api, killTree, openSocket } from "../crash/crash.mjs";
import { d1File, loadFeedData } from "../feed/load.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) =>
      a.startsWith("--") ? [a.slice(2), all[i + 1]?.startsWith("--") ? true : (all[i + 1] ?? true)] : null,
    )
    .filter(Boolean),
);
const POSTS = Number(args.posts ?? 1_000_000);
const SECONDS = Number(args.seconds ?? 60);
const CLIENTS = Number(args.clients ?? 16);
const HEALTH_SECONDS = Math.max(5, Math.round(SECONDS / 6));
const PORT = Number(process.env.BENCH_PORT ?? 8809);
const STATE = process.env.BENCH_STATE ?? "/tmp/agora-load-bench";
const MARKER = join(STATE, "loaded.json");
const assetsDir = assetsDirFor("bench");
const say = (line) => console.error(`[load] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function prepare() {
  if (args.reuse && existsSync(MARKER)) {
    const loaded = JSON.parse(readFileSync(MARKER, "utf8"));
    if (loaded.requestedPosts === POSTS) return loaded;
  }
  rmSync(STATE, { recursive: true, force: true });
  const first = await startServer({ port: PORT, persistTo: STATE, assetsDir, seed: true, quiet: true });
  await killTree(first.pid);
  say(`loading ${POSTS.toLocaleString()} posts`);
  const loaded = { ...loadFeedData(d1File(STATE), { posts: POSTS, log: say }), requestedPosts: POSTS };
  writeFileSync(MARKER, JSON.stringify(loaded));
  return loaded;
}

const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The mix: [name, weight, one request]. Weights are out of 100. */
function mix(world) {
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const words = ["benchmark", "post", "formatting", "number", "little", "feed"];
  return [
    [
      "feed NEW",
      25,
      (c) => c.get(`/api/v1/feed?option=new&limit=10&skip=${10 * Math.floor(Math.random() * 5)}`),
    ],
    ["feed TOP", 10, (c) => c.get("/api/v1/feed?option=top&limit=10")],
    ["post page", 20, (c) => c.get(`/api/v1/micropost?public_id=${pick(world.posts)}`)],
    [
      "comment list",
      10,
      (c) => c.get(`/api/v1/micropost/comment/list?post_public_id=${pick(world.posts)}&limit=10`),
    ],
    ["search", 10, (c) => c.get(`/api/v1/search?q=${pick(words)}`)],
    [
      "vote",
      10,
      (c) => c.send("PATCH", `/api/v1/private/user/micropost/vote?public_id=${pick(world.posts)}`),
    ],
    [
      "comment",
      5,
      (c) =>
        c.send("POST", "/api/v1/private/user/micropost/comment", {
          parent_micropost_public_id: pick(world.posts),
          body: `load ${Math.random()}`,
        }),
    ],
    ["chat send", 10, (c, startClock) => c.chat(startClock)],
  ];
}

/** A client: its own accounts (taking turns, so no person nears a rate limit) and a chat socket. */
/** Each refusal's status and the start of its answer, with how often it came: said at the end. */
const refusals = new Map();
/** Per endpoint, the answers a visitor got from the isolate's kept copy (`X-Cache: HIT`, docs/decisions/128). */
const keptAnswers = new Map();

function client(base, people, socket, samples, errors) {
  let turn = 0;
  let seq = 0;
  const waiting = new Map();
  const clientTag = Math.random().toString(36).slice(2, 8);
  socket.ws.onmessage = (event) => {
    const data = JSON.parse(String(event.data));
    const w = data.client_id && waiting.get(data.client_id);
    if (!w) return;
    waiting.delete(data.client_id);
    w(data.message_type === "TEXT");
  };
  let lastChat = 0;
  let lastKept = false;
  /** Times `work`; a request that must wait first (the chat socket's flood limit) starts the clock itself. */
  const timed = async (name, work) => {
    let started = performance.now();
    let ok = false;
    lastKept = false;
    try {
      ok = await work(() => {
        started = performance.now();
      });
    } catch {
      ok = false;
    }
    samples.get(name).push(performance.now() - started);
    if (lastKept) keptAnswers.set(name, (keptAnswers.get(name) ?? 0) + 1);
    if (!ok) errors.set(name, (errors.get(name) ?? 0) + 1);
  };
  /** Reads the whole answer (as a client does), then says whether it was a success. */
  const drained = async (r) => {
    const body = await r.text();
    lastKept = r.headers.get("x-cache") === "HIT";
    if (!r.ok) {
      const why = `${r.status} ${body.slice(0, 80)}`;
      refusals.set(why, (refusals.get(why) ?? 0) + 1);
    }
    return r.ok;
  };
  return {
    get: (path) => fetch(`${base}${path}`).then(drained),
    send: (method, path, json) => {
      const person = people[turn++ % people.length];
      return fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${person.token}`,
          ...(json ? { "content-type": "application/json" } : {}),
        },
        body: json ? JSON.stringify(json) : undefined,
      }).then(drained);
    },
    chat: async (startClock) => {
      // Under the socket's flood limit (5 a second); the wait is the client's, not the server's.
      const wait = lastChat + 250 - Date.now();
      if (wait > 0) await sleep(wait);
      startClock();
      lastChat = Date.now();
      const clientId = `load-${clientTag}-${seq++}`;
      const acked = new Promise((resolve) => {
        waiting.set(clientId, resolve);
        setTimeout(() => resolve(false), 10_000);
      });
      socket.ws.send(JSON.stringify({ message_type: "TEXT", text: `load ${clientId}`, client_id: clientId }));
      return acked;
    },
    timed,
  };
}

async function phase(clients, seconds, choose) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < until) {
        const [name, , request] = choose();
        await c.timed(name, (startClock) => request(c, startClock));
        done++;
      }
    }),
  );
  return done / seconds;
}

let server = null;
try {
  const loaded = await prepare();
  server = await startServer({ port: PORT, persistTo: STATE, assetsDir, seed: false, quiet: true });
  const base = server.base;
  // 10 accounts per client, logged in from distinct addresses; a thread per pair of clients.
  const people = [];
  for (let i = 0; i < CLIENTS * 10; i++) {
    const username = `bench${String(i).padStart(5, "0")}`;
    const { access_token } = await api(base, "/api/v1/user/auth/login", {
      method: "POST",
      json: { username, password: "password" },
      address: `10.7.${Math.floor(i / 250)}.${i % 250}`,
    });
    people.push({ username, token: access_token });
  }
  const feed = await api(base, "/api/v1/feed?option=new&limit=50");
  const posts = [...feed.list.map((p) => p.public_id ?? p.micropost?.public_id), loaded.threadPost].filter(
    Boolean,
  );
  const sockets = [];
  for (let i = 0; i < CLIENTS; i += 2) {
    const [a, b] = [people[i * 10], people[(i + 1) * 10]];
    const { public_id } = await api(base, "/api/v1/private/user/chat/thread", {
      token: a.token,
      method: "POST",
      form: { username: b.username },
    });
    sockets.push({ ws: await openSocket(base, public_id, a) }, { ws: await openSocket(base, public_id, b) });
  }
  const world = { posts };
  const MIX = args.only ? mix(world).filter(([name]) => name === args.only) : mix(world);
  if (MIX.length === 0) throw new Error(`--only: no endpoint named ${args.only} in the mix`);
  const samples = new Map([["health", []], ...MIX.map(([name]) => [name, []])]);
  const errors = new Map();
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    client(base, people.slice(i * 10, i * 10 + 10), sockets[i], samples, errors),
  );
  const healthRoute = ["health", 0, (c) => c.get("/api/health")];
  say("warm-up");
  await phase(clients, 5, () => MIX[Math.floor(Math.random() * MIX.length)]);
  for (const list of samples.values()) list.length = 0;
  errors.clear();
  keptAnswers.clear();
  say(`/api/health alone for ${HEALTH_SECONDS} s`);
  const healthRps = await phase(clients, HEALTH_SECONDS, () => healthRoute);
  const healthSamples = [...samples.get("health")];
  say(`the mix for ${SECONDS} s`);
  const total = MIX.reduce((a, [, w]) => a + w, 0);
  const mixRps = await phase(clients, SECONDS, () => {
    let roll = Math.random() * total;
    for (const m of MIX) {
      roll -= m[1];
      if (roll < 0) return m;
    }
    return MIX[0];
  });
  samples.set("health", healthSamples);
  const rows = [...samples.entries()].map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      name,
      requests: list.length,
      errors: errors.get(name) ?? 0,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      kept: (keptAnswers.get(name) ?? 0) / Math.max(1, list.length),
    };
  });
  for (const s of sockets) s.ws.close();
  console.log(
    `\n${loaded.posts.toLocaleString()} posts, ${CLIENTS} clients, mix ${SECONDS} s, health ${HEALTH_SECONDS} s; load ${loadavg()[0].toFixed(1)}/${cpus().length} cores\n`,
  );
  console.log(
    "| endpoint | requests | errors | p50 ms | p99 ms | from the kept copy |\n|---|---:|---:|---:|---:|---:|",
  );
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.requests} | ${r.errors} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${Math.round(100 * r.kept)}% |`,
    );
  const errorsTotal = rows.reduce((a, r) => a + r.errors, 0);
  console.log(
    `\nthroughput: mix ${mixRps.toFixed(1)} req/s, /api/health alone ${healthRps.toFixed(1)} req/s, ratio ${(mixRps / healthRps).toFixed(2)}; errors ${errorsTotal}`,
  );
  for (const [why, count] of refusals) say(`refused ${count}×: ${why}`);
  process.exitCode = errorsTotal === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (server) await killTree(server.pid);
  setTimeout(() => process.exit(), 500).unref();
}
