#!/usr/bin/env node
// The runtime's floor under the live and read goals (ADR 130): the same measures as bench/live and bench/feed, taken
// on a Worker that does the least an app can (bench/floor/worker.js) on the same local runtime
// (Miniflare and workerd from node_modules, D1, SQLite-backed Durable Objects, hibernating sockets).
// Whatever this Worker cannot reach, no app on this runtime and machine can.
//
//   flock /tmp/agora-heavy.lock node bench/floor/run.mjs [--requests 300] [--clients 16] [--seconds 8]
//                       [--people 1000] [--events 1000] [--rate 100] [--writes 0,1,2,3] [--idle 15]
//
// BENCH_STATE_DIR chooses where the throwaway state lives (the system's temporary folder by default;
// /dev/shm for tmpfs, where a file sync costs nothing). Results are printed, not written.
//
// 1. Reads (ADR 115): `/health` (no storage), `/d1` (one D1 round trip, `SELECT 1`) and `/d1-page` (one
//    round trip reading ten rows by a key range out of 100,000) one request at a time, taking turns:
//    p50/p99 and the ratio to health; then each alone under `--clients` clients: requests a second.
//    Beside them `/vote` (three round trips, the last a batch of two writes, as Agora's vote) and a
//    mix of 85% pages and 15% votes (Agora's load mix less its chat).
// 2. Events (ADR 125): `--people` sockets, one hibernating object each; `--events` events at `--rate`/s,
//    each a request making `--writes` D1 round trips that write a row, then telling the person's
//    object after the answer, which keeps the event in its SQLite and sends it: request → frame.
//    Each run starts after `--idle` seconds of silence, so the objects have gone to sleep (as in
//    Agora's benchmark, where each inbox hears of an event every 10 s at 100/s) and do not all go to
//    sleep at once in the middle of a run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startFloorWorker } from "./start.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const REQUESTS = Number(args.requests ?? 300);
const CLIENTS = Number(args.clients ?? 16);
const SECONDS = Number(args.seconds ?? 8);
const PEOPLE = Number(args.people ?? 1000);
const EVENTS = Number(args.events ?? 1000);
const RATE = Number(args.rate ?? 100);
const WRITES = String(args.writes ?? "0,1,2,3")
  .split(",")
  .map(Number);
const IDLE = Number(args.idle ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 8950);
const WARMUP = 30;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (n) => n.toFixed(2);

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-floor-"));
/** CPU seconds used so far by workerd (this process's children) and by this process. */
function cpuNow() {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[1]) === process.pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  const own = process.cpuUsage();
  return { at: performance.now(), server: ticks / 100, client: (own.user + own.system) / 1e6 };
}
const cores = (a, b) => {
  const wall = (b.at - a.at) / 1000;
  return { server: (b.server - a.server) / wall, client: (b.client - a.client) / wall };
};

const { mf, base } = await startFloorWorker({ port: PORT, persistTo: join(state, "v3"), items: 100_000 });
try {
  // ----- 1. Reads -----
  const paths = { health: "/health", d1: "/d1", "d1-page": "/d1-page?below=", vote: "/vote?id=" };
  const target = (name) =>
    paths[name].endsWith("=") ? `${paths[name]}${1 + Math.floor(Math.random() * 100000)}` : paths[name];
  const get = async (path) => {
    const r = await fetch(`${base}${path}`);
    await r.text();
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
  };
  const times = Object.fromEntries(Object.keys(paths).map((k) => [k, []]));
  for (let round = 0; round < WARMUP + REQUESTS; round++)
    for (const name of Object.keys(paths)) {
      const at = performance.now();
      await get(target(name));
      if (round >= WARMUP) times[name].push(performance.now() - at);
    }
  /** Requests a second from CLIENTS clients for SECONDS, each request's endpoint named by `choose`. */
  const rate = async (choose) => {
    const until = Date.now() + SECONDS * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < until) {
          await get(target(choose()));
          done++;
        }
      }),
    );
    return done / SECONDS;
  };
  const throughput = {};
  for (const name of Object.keys(paths)) throughput[name] = await rate(() => name);
  // Agora's load mix with its chat left out (bench/load): 85 reads of one round trip to 15 writes of
  // three, here as pages and votes.
  throughput.mix = await rate(() => (Math.random() < 0.85 ? "d1-page" : "vote"));
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const p50 = (name) => percentile(times[name], 50);
  console.log(`\n${cpus().length} cores, load ${loadavg()[0].toFixed(1)}; state in ${state}\n`);
  console.log(`| request | p50 ms | p99 ms | p50 / health | alone, ${CLIENTS} clients: req/s | / health |`);
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const name of Object.keys(paths)) {
    console.log(
      `| ${name} | ${fmt(p50(name))} | ${fmt(percentile(times[name], 99))} | ${fmt(p50(name) / p50("health"))}× | ${throughput[name].toFixed(1)} | ${fmt(throughput[name] / throughput.health)} |`,
    );
  }
  console.log(
    `| mix: 85% d1-page, 15% vote | | | | ${throughput.mix.toFixed(1)} | ${fmt(throughput.mix / throughput.health)} |`,
  );

  // ----- 2. Events -----
  const arrived = new Map();
  const sockets = [];
  for (let i = 0; i < PEOPLE; i += 50)
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, PEOPLE - i) }, (_, k) => {
          const ws = new WebSocket(`${base.replace(/^http/, "ws")}/connect?to=${i + k}`);
          return new Promise((resolve, reject) => {
            ws.onerror = () => reject(new Error(`socket ${i + k} failed`));
            ws.onmessage = (event) => {
              const frame = JSON.parse(String(event.data));
              if (frame.type === "HELLO") resolve(ws);
              else arrived.set(frame.id, performance.now());
            };
          });
        }),
      )),
    );
  console.log(`\n${sockets.length} sockets open, one object each; ${EVENTS} events at ${RATE}/s per run\n`);
  console.log("| D1 writes per event | served/s | request → frame p50 ms | p99 ms | lost | server cores |");
  console.log("|---:|---:|---:|---:|---:|---:|");
  for (const writes of WRITES) {
    if (IDLE) await sleep(IDLE * 1000);
    const sentAt = new Map();
    const inFlight = [];
    const c0 = cpuNow();
    const t0 = performance.now();
    for (let e = 0; e < EVENTS; e++) {
      const id = `${writes}-${e}`;
      sentAt.set(id, performance.now());
      inFlight.push(get(`/event?to=${(e * 7) % PEOPLE}&writes=${writes}&id=${id}`));
      const wait = t0 + ((e + 1) * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(inFlight);
    const served = EVENTS / ((performance.now() - t0) / 1000);
    for (let i = 0; i < 100 && [...sentAt.keys()].some((id) => !arrived.has(id)); i++) await sleep(50);
    const used = cores(c0, cpuNow());
    const latencies = [...sentAt]
      .filter(([id]) => arrived.has(id))
      .map(([id, at]) => arrived.get(id) - at)
      .sort((a, b) => a - b);
    console.log(
      `| ${writes} | ${served.toFixed(1)} | ${fmt(percentile(latencies, 50))} | ${fmt(percentile(latencies, 99))} | ${sentAt.size - latencies.length} | ${used.server.toFixed(2)} |`,
    );
    await sleep(2000);
  }
  for (const ws of sockets) ws.close();
} finally {
  await mf.dispose();
  rmSync(state, { recursive: true, force: true });
}
