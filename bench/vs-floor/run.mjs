#!/usr/bin/env node
// Agora beside its floor (docs/decisions/184): one run that starts the floor Worker (bench/floor/worker.js,
// the least an app can do) and Agora (the API Worker as `bun run dev` serves it, scripts/server.mjs) on
// the same local runtime and the same disk, and times them in turns, so whatever else the machine is
// doing falls on both alike. Agora is served as the floor is, without the local stand-in for
// Cloudflare's static-assets router in front of it (docs/decisions/229): `--with-assets` puts it back,
// as `bun run dev` serves it. Its last line is the goals' figures:
//
//   agora/floor: reads R, mix M, live served S/s p99 ratio P
//
//   /work/notes/heavy --both bun run bench:vs-floor [--rounds 3] [--reads 50] [--seconds 5] [--clients 16]
//                 [--posts 100000] [--live-rounds 2] [--people 1000] [--events 1000] [--rate 100]
//                 [--idle 15] [--writes <D1 writes per floor event>] [--mix-from-d1] [--with-assets]
//                 [--keep-warm] [--no-write]
//
// 1. Reads, `--rounds` × `--reads` requests per endpoint, one at a time, every endpoint of both Workers
//    in a new shuffled order each pass: Agora's feed (NEW and TOP, page 1 and page 400 reached through
//    next_cursor), a post, its comment page, a profile and its posts, a community and its posts, each
//    from D1 (`Cache-Control: no-cache`, past the visitor copy of docs/decisions/128) as a visitor and
//    signed in; the floor's ten-row page read (`/d1-page`) and both Workers' health. R is the largest
//    Agora p50 ÷ the floor page's p50.
// 2. Mix, `--rounds` turns of `--seconds` each per Worker (who goes first alternates), `--clients`
//    clients in a closed loop: 85% page reads (Agora: feed NEW 25, TOP 10, post 20, comments 10, as
//    bench/load weighs them, as visitors whose browser sends no `Cache-Control`, or from D1 with
//    --mix-from-d1) and 15% votes (Agora: signed in, toggling;
//    the floor: its /vote in one round trip, `trips=1`, as Agora's vote since docs/decisions/239).
//    M is Agora's requests a second ÷ the floor's.
//    Before the turns, each Worker's health alone with the same clients, for the older ratio of ratios.
// 3. Live, `--live-rounds` turns per Worker: `--people` sockets each (one sleeping inbox or box per
//    person), then after `--idle` silent seconds `--events` events at `--rate`/s. Agora's event is a
//    follow (the followed person's NOTIFICATION frame); the floor's is its /event making as many D1
//    round trips, each a write, as Agora's follow makes (its `X-D1-Calls`, or `--writes`).
//    S is Agora's follows answered a second; P is Agora's request → frame p99 ÷ the floor's.
//    `--keep-warm` asks both Workers' health every 100 ms through the idle seconds: the inboxes,
//    boxes and D1 still sleep, the Workers' code does not (how much of P is the runtime's cold start
//    after silence; the goals are read without it).
// CPU: each Worker's workerd process's utime + stime (/proc/<pid>/stat) over its own turns, ÷ the
// requests it served: CPU milliseconds per request, work done rather than time waited. Each live
// turn also reports the write calls and the KB of file pages its events dirtied (/proc/<pid>/io,
// bench/profile/proc.mjs): what a follow writes, whatever the turn's timing.
//
// BENCH_STATE_DIR chooses where the throwaway states live (the system's temporary folder, on the
// disk here); BENCH_PORT (8814) and FLOOR_PORT (8815) the ports. AGORA_INSPECTOR_PORT and
// FLOOR_INSPECTOR_PORT open each runtime's inspector, for bench/profile/cpu.mjs during a turn (both
// Workers run slower with it). VS_FLOOR_TRACE=<prefix> writes each live turn's events, in the order
// sent, to <prefix>-<agora|floor>-<round>.json: [ms into the turn it was sent, request → frame ms]. Results are printed and written to bench/vs-floor/results.md (not
// with --no-write).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assetsDirFor, startServer } from "../../scripts/server.mjs";
import { api, killTree } from "../crash/crash.mjs";
import { d1File, loadFeedData } from "../feed/load.mjs";
import { startFloorWorker } from "../floor/start.mjs";
import { userToken } from "../live/tokens.mjs";
import { cpuMs, ioOf, workerdUnder } from "../profile/proc.mjs";

const argv = process.argv.slice(2);
const args = Object.fromEntries(
  argv
    .map((a, i) =>
      a.startsWith("--")
        ? [a.slice(2), argv[i + 1]?.startsWith("--") ? "true" : (argv[i + 1] ?? "true")]
        : null,
    )
    .filter(Boolean),
);
const ROUNDS = Number(args.rounds ?? 3);
const READS = Number(args.reads ?? 50);
const SECONDS = Number(args.seconds ?? 5);
const CLIENTS = Number(args.clients ?? 16);
const POSTS = Number(args.posts ?? 100_000);
const LIVE_ROUNDS = Number(args["live-rounds"] ?? 2);
const PEOPLE = Number(args.people ?? 1000);
const EVENTS = Number(args.events ?? 1000);
const RATE = Number(args.rate ?? 100);
const IDLE = Number(args.idle ?? 15);
const KEEP_WARM = args["keep-warm"] === "true";
const WRITE = args["no-write"] !== "true";
const MIX_FROM_D1 = args["mix-from-d1"] === "true";
const WITH_ASSETS = args["with-assets"] === "true";
const PAGE = 400;
const LIMIT = 10;
const WARMUP = 20;
const VOTERS = 160;
const PORT = Number(process.env.BENCH_PORT ?? 8814);
const FLOOR_PORT = Number(process.env.FLOOR_PORT ?? 8815);
const COMMAND = `bun run bench:vs-floor ${argv.join(" ")}`.trim();
/** VS_FLOOR_TRACE=<prefix>: each live turn's events (send ms in the turn, request → frame ms) to <prefix>-<who>-<round>.json. */
const TRACE = process.env.VS_FLOOR_TRACE;

const started = Date.now();
const say = (text) =>
  console.error(`[vs-floor ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const sorted = (list) => [...list].sort((a, b) => a - b);
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : "–");
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const shuffle = (list) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

// ----- The two Workers -----

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-vs-floor-"));
const agoraState = join(state, "agora");
let agora = null;
let floor = null;

/** Agora as `bun run dev` serves it, on bench/feed's data (with `POSTS` posts), demo data first. */
async function startAgora() {
  const assetsDir = WITH_ASSETS ? assetsDirFor("bench") : null;
  say("Agora: migrations, the bundle and the demo data");
  const first = await startServer({ port: PORT, persistTo: agoraState, assetsDir, seed: true, quiet: true });
  await killTree(first.pid);
  say(`loading ${POSTS.toLocaleString()} posts and a 5,000-comment thread into Agora's D1`);
  const loaded = loadFeedData(d1File(agoraState), { posts: POSTS, log: say });
  const db = new DatabaseSync(d1File(agoraState));
  const people = db
    .prepare("SELECT id, username FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT ?")
    .all(Math.max(PEOPLE, VOTERS));
  db.close();
  agora = await startServer({
    port: PORT,
    persistTo: agoraState,
    assetsDir,
    seed: false,
    quiet: true,
    migrated: true,
  });
  return { loaded, people: people.map((p) => ({ ...p, token: userToken(p.id) })) };
}

/** The floor Worker with the API Worker's compatibility date and flags, its D1 holding `POSTS` rows. */
async function startFloor() {
  const inspectorPort = process.env.FLOOR_INSPECTOR_PORT
    ? Number(process.env.FLOOR_INSPECTOR_PORT)
    : undefined;
  const started = await startFloorWorker({
    port: FLOOR_PORT,
    persistTo: join(state, "floor"),
    items: POSTS,
    inspectorPort,
  });
  floor = started.mf;
  return started.base;
}

// ----- Requests -----

/** One request, the answer read whole; throws on a non-2xx. */
async function request(url, { method = "GET", token, fromD1 = true } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (fromD1) headers["cache-control"] = "no-cache";
  const at = performance.now();
  const res = await fetch(url, { method, headers });
  const body = await res.text();
  const ms = performance.now() - at;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${body.slice(0, 160)}`);
  return { ms, body, calls: res.headers.get("x-d1-calls"), kept: res.headers.get("x-cache") === "HIT" };
}

const loadAtStart = loadavg()[0];

async function main() {
  say(`state in ${state}; load average ${loadAtStart.toFixed(2)}`);
  const { loaded, people } = await startAgora();
  say("the floor Worker");
  const floorBase = await startFloor();
  const base = agora.base;
  const agoraCpu = workerdUnder(agora.pid);
  const floorCpu = workerdUnder(process.pid, [agora.pid]);
  if (agoraCpu.length === 0 || floorCpu.length === 0) throw new Error("no workerd process found to meter");
  say(
    `Agora on ${base} (workerd ${agoraCpu.join(",")}), the floor on ${floorBase} (workerd ${floorCpu.join(",")})`,
  );

  // ----- 1. Reads -----
  say(`walking to feed page ${PAGE} (NEW and TOP) through next_cursor`);
  const cursorOf = async (option) => {
    let cursor = null;
    for (let page = 1; page < PAGE; page++) {
      const { body } = await request(
        `${base}/api/v1/feed?option=${option}&limit=${LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { fromD1: false },
      );
      cursor = JSON.parse(body).next_cursor;
      if (!cursor) throw new Error(`feed ${option} ends before page ${PAGE}: load more posts (--posts)`);
    }
    return encodeURIComponent(cursor);
  };
  const newCursor = await cursorOf("new");
  const topCursor = await cursorOf("top");
  const skip = (PAGE - 1) * LIMIT;
  const thread = loaded.threadPost;
  const someone = people[2].username;
  const reader = people[1];
  const agoraReads = [
    ["feed NEW, page 1", `/api/v1/feed?option=new&limit=${LIMIT}`],
    [`feed NEW, page ${PAGE}`, `/api/v1/feed?option=new&limit=${LIMIT}&skip=${skip}&cursor=${newCursor}`],
    ["feed TOP, page 1", `/api/v1/feed?option=top&limit=${LIMIT}`],
    [`feed TOP, page ${PAGE}`, `/api/v1/feed?option=top&limit=${LIMIT}&skip=${skip}&cursor=${topCursor}`],
    ["post", `/api/v1/micropost?public_id=${thread}`],
    [
      "comment page (5,000-comment thread)",
      `/api/v1/micropost/comment/list?post_public_id=${thread}&limit=${LIMIT}`,
    ],
    ["profile", `/api/v1/user?username=${someone}`],
    ["profile's posts", `/api/v1/user/micropost/list?username=${someone}&limit=${LIMIT}`],
    ["community", "/api/v1/community?name=bench0"],
    ["community's posts", `/api/v1/community/micropost/list?name=bench0&limit=${LIMIT}`],
  ];
  /** [key, who, label, as, url, options]. */
  const endpoints = [
    ["floor health", "floor", "health", "", `${floorBase}/health`, {}],
    ["floor page", "floor", "ten-row page read (/d1-page)", "", null, {}],
    ["agora health", "agora", "health (/api/health)", "", `${base}/api/health`, { fromD1: false }],
    ...agoraReads.flatMap(([label, path]) => [
      [`${label} visitor`, "agora", label, "visitor", `${base}${path}`, {}],
      [`${label} signed in`, "agora", label, "signed in", `${base}${path}`, { token: reader.token }],
    ]),
  ];
  const urlOf = (e) => e[4] ?? `${floorBase}/d1-page?below=${1 + Math.floor(Math.random() * POSTS)}`;
  const samples = new Map(endpoints.map((e) => [e[0], []]));
  const calls = new Map();
  const kept = new Map(endpoints.map((e) => [e[0], 0]));
  say(
    `reads: ${WARMUP} warm-up passes, then ${ROUNDS} × ${READS} passes over ${endpoints.length} endpoints in shuffled turns`,
  );
  for (let pass = 0; pass < WARMUP; pass++) for (const e of shuffle(endpoints)) await request(urlOf(e), e[5]);
  const readCpu = { agora: cpuMs(agoraCpu), floor: cpuMs(floorCpu) };
  for (let pass = 0; pass < ROUNDS * READS; pass++)
    for (const e of shuffle(endpoints)) {
      const r = await request(urlOf(e), e[5]);
      samples.get(e[0]).push(r.ms);
      if (r.calls !== null) calls.set(e[0], r.calls);
      if (r.kept) kept.set(e[0], kept.get(e[0]) + 1);
    }
  const readCount = (who) =>
    endpoints.filter((e) => e[1] === who).reduce((n, e) => n + samples.get(e[0]).length, 0);
  const readCpuPer = {
    agora: (cpuMs(agoraCpu) - readCpu.agora) / readCount("agora"),
    floor: (cpuMs(floorCpu) - readCpu.floor) / readCount("floor"),
  };
  const stat = (key) => {
    const s = sorted(samples.get(key));
    return { p50: percentile(s, 50), p99: percentile(s, 99) };
  };
  const floorPage = stat("floor page");
  const readRows = endpoints.map((e) => ({
    key: e[0],
    who: e[1],
    label: e[2],
    as: e[3],
    ...stat(e[0]),
    calls: calls.get(e[0]),
    kept: kept.get(e[0]),
  }));
  const agoraRows = readRows.filter((r) => r.who === "agora" && r.as);
  const worst = agoraRows.reduce((a, b) => (b.p50 > a.p50 ? b : a));
  const R = worst.p50 / floorPage.p50;

  // ----- 2. Mix -----
  const feed = JSON.parse((await request(`${base}/api/v1/feed?option=new&limit=50`)).body);
  const posts = [...feed.list.map((p) => p.public_id ?? p.micropost?.public_id), thread].filter(Boolean);
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const voters = people.slice(0, VOTERS);
  let voteTurn = 0;
  // Visitors read as a browser does (the kept copy may answer, docs/decisions/128; a vote keeps it,
  // docs/decisions/230), unless --mix-from-d1; the share it answered is reported.
  let mixKept = 0;
  const read = (path) =>
    request(`${base}${path}`, { fromD1: MIX_FROM_D1 }).then((r) => {
      if (r.kept) mixKept++;
      return r;
    });
  const agoraMix = [
    [25, () => read(`/api/v1/feed?option=new&limit=${LIMIT}&skip=${LIMIT * Math.floor(Math.random() * 5)}`)],
    [10, () => read(`/api/v1/feed?option=top&limit=${LIMIT}`)],
    [20, () => read(`/api/v1/micropost?public_id=${pick(posts)}`)],
    [10, () => read(`/api/v1/micropost/comment/list?post_public_id=${pick(posts)}&limit=${LIMIT}`)],
  ];
  const readWeight = agoraMix.reduce((a, [w]) => a + w, 0);
  const agoraVote = () =>
    request(`${base}/api/v1/private/user/micropost/vote?public_id=${pick(posts)}`, {
      method: "PATCH",
      token: voters[voteTurn++ % voters.length].token,
      fromD1: false,
    });
  const agoraOne = () => {
    if (Math.random() >= 0.85) return agoraVote();
    let roll = Math.random() * readWeight;
    for (const [w, go] of agoraMix) {
      roll -= w;
      if (roll < 0) return go();
    }
    return agoraMix[0][1]();
  };
  const floorOne = () =>
    Math.random() < 0.85
      ? request(`${floorBase}/d1-page?below=${1 + Math.floor(Math.random() * POSTS)}`)
      : request(`${floorBase}/vote?trips=1&id=${1 + Math.floor(Math.random() * POSTS)}`);
  /** CLIENTS clients in a closed loop for `seconds`: requests done, errors, CPU ms used by `pids`. */
  const turn = async (one, pids, seconds) => {
    const cpu0 = cpuMs(pids);
    const t0 = performance.now();
    const until = t0 + seconds * 1000;
    let done = 0;
    let errors = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          await one().catch((error) => {
            errors++;
            if (errors <= 3) say(String(error));
          });
          done++;
        }
      }),
    );
    return { done, errors, wall: (performance.now() - t0) / 1000, cpu: cpuMs(pids) - cpu0 };
  };
  say("mix: warm-up");
  await turn(floorOne, floorCpu, 2);
  await turn(agoraOne, agoraCpu, 2);
  // Each Worker's health alone with the same clients: the older measure (ADR 130) put each mix over
  // its own Worker's health; that ratio of ratios is printed beside M.
  const health = {
    floor: await turn(() => request(`${floorBase}/health`), floorCpu, SECONDS),
    agora: await turn(() => request(`${base}/api/health`, { fromD1: false }), agoraCpu, SECONDS),
  };
  const healthRate = (who) => health[who].done / health[who].wall;
  say(`health alone: floor ${f1(healthRate("floor"))} req/s, agora ${f1(healthRate("agora"))} req/s`);
  mixKept = 0;
  const mixTurns = { agora: [], floor: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["floor", "agora"] : ["agora", "floor"];
    for (const who of order) {
      const t =
        who === "agora" ? await turn(agoraOne, agoraCpu, SECONDS) : await turn(floorOne, floorCpu, SECONDS);
      mixTurns[who].push(t);
      say(
        `mix round ${round + 1}, ${who}: ${(t.done / t.wall).toFixed(1)} req/s, ${f2(t.cpu / t.done)} CPU ms/req`,
      );
    }
  }
  const sum = (list, k) => list.reduce((a, t) => a + t[k], 0);
  const mixOf = (who) => ({
    rate: sum(mixTurns[who], "done") / sum(mixTurns[who], "wall"),
    cpuPer: sum(mixTurns[who], "cpu") / sum(mixTurns[who], "done"),
    errors: sum(mixTurns[who], "errors"),
    each: mixTurns[who].map((t) => t.done / t.wall),
  });
  const mixAgora = mixOf("agora");
  const mixFloor = mixOf("floor");
  const M = mixAgora.rate / mixFloor.rate;

  // ----- 3. Live -----
  // How many D1 round trips Agora's follow makes: the floor's event makes as many, each a write.
  // (The last person follows the one before and takes it back: no turn below pairs them that way.)
  const [prober, probed] = [people[PEOPLE - 1], people[PEOPLE - 2]];
  const probe = await request(`${base}/api/v1/private/user/follow?username=${probed.username}`, {
    method: "POST",
    token: prober.token,
    fromD1: false,
  });
  await request(`${base}/api/v1/private/user/follow?username=${probed.username}`, {
    method: "DELETE",
    token: prober.token,
    fromD1: false,
  });
  const followCalls = Number(probe.calls);
  const WRITES = Number(args.writes ?? followCalls);
  if (!Number.isFinite(WRITES)) throw new Error("the follow gave no X-D1-Calls: pass --writes");
  const live = people.slice(0, PEOPLE);
  const arrived = new Map();
  say(`live: opening ${live.length} sockets on each Worker`);
  const openAgora = async (p) => {
    const { access_token } = await api(base, "/api/v1/private/user/live/websocket/auth", {
      token: p.token,
      method: "POST",
    });
    const ws = new WebSocket(
      `${base.replace(/^http/, "ws")}/api/v1/live/websocket/connect?token=${access_token}`,
    );
    return new Promise((resolve, reject) => {
      ws.onerror = () => reject(new Error(`${p.username}'s socket failed`));
      ws.onmessage = (event) => {
        const frame = JSON.parse(String(event.data));
        if (frame.type === "HELLO") resolve(ws);
        else if (frame.type === "NOTIFICATION" && frame.notification?.kind === "FOLLOWER")
          arrived.set(`a:${frame.notification.actor.username}>${p.username}`, performance.now());
      };
    });
  };
  const openFloor = (i) => {
    const ws = new WebSocket(`${floorBase.replace(/^http/, "ws")}/connect?to=${i}`);
    return new Promise((resolve, reject) => {
      ws.onerror = () => reject(new Error(`floor socket ${i} failed`));
      ws.onmessage = (event) => {
        const frame = JSON.parse(String(event.data));
        if (frame.type === "HELLO") resolve(ws);
        else arrived.set(`f:${frame.id}`, performance.now());
      };
    });
  };
  const sockets = [];
  for (let i = 0; i < live.length; i += 50) {
    sockets.push(...(await Promise.all(live.slice(i, i + 50).map(openAgora))));
    sockets.push(...(await Promise.all(live.slice(i, i + 50).map((_, k) => openFloor(i + k)))));
  }
  /**
   * `--keep-warm`: the idle seconds with both Workers' health asked every 100 ms, so only the
   * inboxes, boxes and D1 sleep, not the Workers' code (a diagnostic; the goals are read without it).
   */
  const keptWarm = async (ms) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      await Promise.all([request(`${base}/api/health`), request(`${floorBase}/health`)]);
      await sleep(100);
    }
  };
  /** One turn: after IDLE quiet seconds, EVENTS events at RATE/s; `send(e)` → the key its frame arrives under. */
  const liveTurn = async (send, pids) => {
    if (IDLE) await (KEEP_WARM ? keptWarm(IDLE * 1000) : sleep(IDLE * 1000));
    const sentAt = new Map();
    const answered = [];
    const inFlight = [];
    let errors = 0;
    const cpu0 = cpuMs(pids);
    const io0 = ioOf(pids);
    const t0 = performance.now();
    for (let e = 0; e < EVENTS; e++) {
      const at = performance.now();
      const [key, go] = send(e);
      sentAt.set(key, at);
      inFlight.push(
        go()
          .then(() => answered.push(performance.now() - at))
          .catch((error) => {
            errors++;
            if (errors <= 3) say(String(error));
          }),
      );
      const wait = t0 + ((e + 1) * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(inFlight);
    const served = EVENTS / ((performance.now() - t0) / 1000);
    for (let i = 0; i < 100 && [...sentAt.keys()].some((k) => !arrived.has(k)); i++) await sleep(50);
    const cpu = cpuMs(pids) - cpu0;
    const io = ioOf(pids);
    const latencies = sorted(
      [...sentAt].filter(([k]) => arrived.has(k)).map(([k, at]) => arrived.get(k) - at),
    );
    // Each event's send time in the turn and its request → frame ms, in the order sent (-1: lost).
    const events = [...sentAt].map(([k, at]) => [at - t0, arrived.has(k) ? arrived.get(k) - at : -1]);
    const within = (from, to) =>
      sorted(events.filter(([at, ms]) => ms >= 0 && at >= from && at < to).map(([, ms]) => ms));
    return {
      events,
      // The turn's first second (its inboxes and the runtime just back from idle) and the rest.
      firstP99: percentile(within(0, 1000), 99),
      restP99: percentile(within(1000, Number.POSITIVE_INFINITY), 99),
      served,
      errors,
      lost: sentAt.size - latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      latencies,
      cpuPer: cpu / EVENTS,
      writesPer: (io.writes - io0.writes) / EVENTS,
      pagesKbPer: (io.dirtied - io0.dirtied) / 1024 / EVENTS,
    };
  };
  const liveTurns = { agora: [], floor: [] };
  for (let round = 0; round < LIVE_ROUNDS; round++) {
    const order = round % 2 === 0 ? ["floor", "agora"] : ["agora", "floor"];
    for (const who of order) {
      say(`live round ${round + 1}, ${who}: ${IDLE} s idle, then ${EVENTS} events at ${RATE}/s`);
      const t =
        who === "agora"
          ? await liveTurn((e) => {
              // Each person follows once a round, someone new each round (follows are limited per day).
              const actor = live[e % live.length];
              const target = live[(e + 1 + round + Math.floor(e / live.length)) % live.length];
              return [
                `a:${actor.username}>${target.username}`,
                () =>
                  request(`${base}/api/v1/private/user/follow?username=${target.username}`, {
                    method: "POST",
                    token: actor.token,
                    fromD1: false,
                  }),
              ];
            }, agoraCpu)
          : await liveTurn((e) => {
              const id = `${round}-${e}`;
              return [
                `f:${id}`,
                () => request(`${floorBase}/event?to=${(e * 7) % live.length}&writes=${WRITES}&id=${id}`),
              ];
            }, floorCpu);
      liveTurns[who].push(t);
      if (TRACE) writeFileSync(`${TRACE}-${who}-${round + 1}.json`, JSON.stringify(t.events));
      say(
        `  served ${f1(t.served)}/s, p50 ${f1(t.p50)} ms, p99 ${f1(t.p99)} ms (first second ${f1(t.firstP99)}, after it ${f1(t.restP99)}), lost ${t.lost}, errors ${t.errors}, ${f2(t.cpuPer)} CPU ms, ${f1(t.writesPer)} write calls, ${f1(t.pagesKbPer)} KB of pages an event`,
      );
    }
  }
  for (const ws of sockets) ws.close();
  const liveOf = (who) => {
    const turns = liveTurns[who];
    const all = sorted(turns.flatMap((t) => t.latencies));
    const part = (first) =>
      sorted(
        turns.flatMap((t) =>
          t.events.filter(([at, ms]) => ms >= 0 && at < 1000 === first).map(([, ms]) => ms),
        ),
      );
    return {
      served: turns.reduce((a, t) => a + t.served, 0) / turns.length,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      firstP99: percentile(part(true), 99),
      restP99: percentile(part(false), 99),
      lost: turns.reduce((a, t) => a + t.lost, 0),
      errors: turns.reduce((a, t) => a + t.errors, 0),
      cpuPer: turns.reduce((a, t) => a + t.cpuPer, 0) / turns.length,
      writesPer: turns.reduce((a, t) => a + t.writesPer, 0) / turns.length,
      pagesKbPer: turns.reduce((a, t) => a + t.pagesKbPer, 0) / turns.length,
    };
  };
  const liveAgora = liveOf("agora");
  const liveFloor = liveOf("floor");
  const S = liveAgora.served;
  const P = liveAgora.p99 / liveFloor.p99;

  // ----- Report -----
  const load = `${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end`;
  const lines = [
    "# Agora beside its floor: results",
    "",
    `${new Date().toISOString()} · \`${COMMAND}\` · ${cpus().length} cores, load average (1 min) ${load} · both Workers in Miniflare (workerd from node_modules), ${WITH_ASSETS ? "Agora behind the local static-assets router (--with-assets), the floor without" : "neither behind the local static-assets router"}, state on ${state.startsWith("/dev/shm") ? "tmpfs" : "the disk"}`,
    "",
    `Data: Agora on bench/feed's (${loaded.posts.toLocaleString()} posts, 1,000 people, 100 communities, a ${loaded.threadComments.toLocaleString()}-comment thread) plus the demo data; the floor's D1 holds ${POSTS.toLocaleString()} rows. Times are client-side (request sent → body read), in ms.`,
    "",
    `## Reads: ${ROUNDS * READS} requests per endpoint, one at a time, every endpoint in a new shuffled order each pass, from D1`,
    "",
    "| Worker | read | as | p50 ms | p99 ms | D1 calls | p50 ÷ floor page |",
    "|---|---|---|---:|---:|---:|---:|",
    ...readRows.map(
      (r) =>
        `| ${r.who} | ${r.label}${r.kept ? ` (${r.kept} from the kept copy!)` : ""} | ${r.as || "–"} | ${f2(r.p50)} | ${f2(r.p99)} | ${r.calls ?? "–"} | ${f2(r.p50 / floorPage.p50)} |`,
    ),
    "",
    `Largest: ${worst.label}, ${worst.as}. CPU per request over the read passes (health included): Agora ${f2(readCpuPer.agora)} ms, the floor ${f2(readCpuPer.floor)} ms.`,
    "",
    `## Mix: ${ROUNDS} turns of ${SECONDS} s per Worker, ${CLIENTS} clients, 85% page reads and 15% votes`,
    "",
    "| Worker | req/s each turn | req/s | CPU ms per request | errors | its health alone, req/s | mix ÷ its health |",
    "|---|---|---:|---:|---:|---:|---:|",
    `| floor (d1-page, 1-round-trip vote) | ${mixFloor.each.map((n) => n.toFixed(0)).join(", ")} | ${f1(mixFloor.rate)} | ${f2(mixFloor.cpuPer)} | ${mixFloor.errors} | ${f1(healthRate("floor"))} | ${f2(mixFloor.rate / healthRate("floor"))} |`,
    `| Agora (feed, post, comments as visitors${MIX_FROM_D1 ? " from D1" : `, ${f1((100 * mixKept) / sum(mixTurns.agora, "done"))}% from the kept copy`}; signed-in vote) | ${mixAgora.each.map((n) => n.toFixed(0)).join(", ")} | ${f1(mixAgora.rate)} | ${f2(mixAgora.cpuPer)} | ${mixAgora.errors} | ${f1(healthRate("agora"))} | ${f2(mixAgora.rate / healthRate("agora"))} |`,
    "",
    `M is Agora's req/s over the floor's: ${f2(M)}. Each mix over its own Worker's health, as ADR 130 compared them: ${f2(mixAgora.rate / healthRate("agora") / (mixFloor.rate / healthRate("floor")))}.`,
    "",
    `## Live: ${live.length} sockets each, ${LIVE_ROUNDS} turn(s) per Worker of ${EVENTS} events at ${RATE}/s after ${IDLE} s idle${KEEP_WARM ? " (both Workers' health asked every 100 ms through it: --keep-warm)" : ""}`,
    "",
    `Agora's follow made ${followCalls} D1 round trips; the floor's event makes ${WRITES}, each a write.`,
    "",
    "| Worker | event | served/s | request → frame p50 ms | p99 ms | p99 ms, turns' first second / after it | lost | errors | CPU ms per event | write calls per event | KB of file pages dirtied per event |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| floor | /event, ${WRITES} D1 writes, then the box told | ${f1(liveFloor.served)} | ${f2(liveFloor.p50)} | ${f2(liveFloor.p99)} | ${f1(liveFloor.firstP99)} / ${f1(liveFloor.restP99)} | ${liveFloor.lost} | ${liveFloor.errors} | ${f2(liveFloor.cpuPer)} | ${f1(liveFloor.writesPer)} | ${f1(liveFloor.pagesKbPer)} |`,
    `| Agora | follow → NOTIFICATION | ${f1(liveAgora.served)} | ${f2(liveAgora.p50)} | ${f2(liveAgora.p99)} | ${f1(liveAgora.firstP99)} / ${f1(liveAgora.restP99)} | ${liveAgora.lost} | ${liveAgora.errors} | ${f2(liveAgora.cpuPer)} | ${f1(liveAgora.writesPer)} | ${f1(liveAgora.pagesKbPer)} |`,
    "",
    "## Goals",
    "",
    "| measure | goal | this run | |",
    "|---|---:|---:|---|",
    // Each goal is judged on the figure the last line prints (two decimals; S a whole number), so the
    // table and the line never disagree; the table also shows S unrounded.
    `| reads R: largest Agora p50 ÷ the floor page's | ≤ 1.10 | ${f2(R)} | ${Number(f2(R)) <= 1.1 ? "met" : "not met"} |`,
    `| mix M: Agora's req/s ÷ the floor's | ≥ 0.90 | ${f2(M)} | ${Number(f2(M)) >= 0.9 ? "met" : "not met"} |`,
    `| live S: follows served a second | ≥ 99 | ${Math.round(S)} (${f1(S)}) | ${Math.round(S) >= 99 ? "met" : "not met"} |`,
    `| live P: Agora's p99 ÷ the floor's | ≤ 1.50 | ${f2(P)} | ${Number(f2(P)) <= 1.5 ? "met" : "not met"} |`,
    `| CPU per request of the mix (Agora, floor) | – | ${f2(mixAgora.cpuPer)} ms, ${f2(mixFloor.cpuPer)} ms | |`,
    "",
  ];
  const last = `agora/floor: reads ${f2(R)}, mix ${f2(M)}, live served ${Math.round(S)}/s p99 ratio ${f2(P)}`;
  const text = lines.join("\n");
  if (WRITE) {
    const file = new URL("./results.md", import.meta.url);
    let notes = "";
    try {
      const old = readFileSync(file, "utf8");
      const at = old.indexOf("\n## Notes");
      if (at >= 0) notes = old.slice(at);
    } catch {
      // first run
    }
    writeFileSync(file, `${text}\n${last}\n${notes}`);
  }
  console.log(`\n${text}`);
  console.log(last);
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (agora) await killTree(agora.pid);
  if (floor) await floor.dispose().catch(() => {});
  rmSync(state, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
