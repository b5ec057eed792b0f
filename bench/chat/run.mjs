#!/usr/bin/env node
// Chat fan-out benchmark: N sockets on one thread, M messages, time from send to the LAST socket's
// receipt of each message, and how many receipts were lost.
//
//   flock /tmp/agora-heavy.lock bun bench/chat/run.mjs [--sockets 100,1000] [--messages 100]
//
// Run it with Bun: the client shares the machine's cores with the server, and Bun's native
// WebSocket client costs a fraction of the CPU per received frame of Node's (undici), so less of
// the figure is the benchmark itself. It also runs under Node 22 for comparison.
//
// Without BENCH_URL it starts the server the way `bun run dev` does (scripts/server.mjs: local
// migrations, the Workers in Miniflare on 127.0.0.1, demo seed) on BENCH_PORT (8804) with its own
// throwaway state directory, and stops it at the end. With BENCH_URL it uses that server (it must
// hold the demo users). BENCH_STATE_DIR puts the throwaway state elsewhere (e.g. /dev/shm, to
// take the disk's fsync out of the figures). Loopback only; every phase has a time limit.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { assetsDirFor, startServer } from "../../scripts/server.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const SOCKET_COUNTS = String(args.sockets ?? "100,1000")
  .split(",")
  .map(Number);
const MESSAGES = Number(args.messages ?? 100);
/** Senders take turns, so none comes near the server's flood control (5 messages/s each). */
const SENDERS = Number(args.senders ?? 20);
/**
 * Time between messages. Each message is one frame per socket, so by default the rate falls as
 * sockets grow (20 messages/s at 100, 4/s at 1,000): the figure is delivery latency, not the
 * queueing of a server pushed past its frame throughput (measured separately as deliveries/s).
 */
const gapFor = (sockets) => Number(args.gap ?? Math.max(50, sockets / 4));
const OPEN_BATCH = 50;
/** Messages sent and received before timing starts (the first ones also compile the code paths). */
const WARMUP = Number(args.warmup ?? 10);
const PHASE_LIMIT_MS = 120_000;

function deadline(ms, what) {
  let timer;
  const promise = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000}s`)), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}
async function within(ms, what, work) {
  const limit = deadline(ms, what);
  try {
    return await Promise.race([work, limit.promise]);
  } finally {
    limit.clear();
  }
}

async function api(base, path, { token, method = "GET", json, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body;
  if (json) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) body = new URLSearchParams(form);
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

const login = async (base, username) =>
  (await api(base, "/api/v1/user/auth/login", { method: "POST", json: { username, password: "password" } }))
    .access_token;

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `nextToken(j)` gives socket j its own socket token: a token opens one socket. */
async function openSockets(base, threadId, nextToken, count) {
  const wsBase = base.replace(/^http/, "ws");
  const sockets = [];
  for (let i = 0; i < count; i += OPEN_BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + OPEN_BATCH); j++) {
      batch.push(
        nextToken(j).then(
          (token) =>
            new Promise((resolve, reject) => {
              const ws = new WebSocket(
                `${wsBase}/api/v1/chat/websocket/connect?public_id=${threadId}&token=${token}`,
              );
              ws.onerror = () => reject(new Error(`socket ${j} failed to open`));
              // Registered once the server's greeting (its own CONNECT) arrives.
              ws.onmessage = (event) => {
                if (String(event.data).includes('"CONNECT"')) resolve(ws);
              };
            }),
        ),
      );
    }
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function runOnce(base, count) {
  // A fresh thread per run between two demo users; the sockets are their many tabs.
  const [gus, hana] = [await login(base, "gus"), await login(base, "hana")];
  const { public_id } = await api(base, "/api/v1/private/user/chat/thread", {
    token: gus,
    method: "POST",
    form: { username: "hana" },
  });
  const socketToken = async (token) =>
    (
      await api(base, `/api/v1/private/user/chat/websocket/auth?public_id=${public_id}`, {
        token,
        method: "POST",
      })
    ).access_token;
  const people = [gus, hana];

  const openStarted = performance.now();
  const sockets = await within(
    PHASE_LIMIT_MS,
    `opening ${count} sockets`,
    openSockets(base, public_id, (j) => socketToken(people[j % people.length]), count),
  );
  const openMs = performance.now() - openStarted;
  console.error(`opened ${count} sockets in ${(openMs / 1000).toFixed(1)} s; sending`);

  const sentAt = new Map();
  const received = new Map();
  const firstAt = new Map();
  const lastAt = new Map();
  let errors = 0;
  const pattern = /"text":"bench (-?\d+)"/;
  for (const ws of sockets) {
    ws.onmessage = (event) => {
      const now = performance.now();
      const data = String(event.data);
      if (data.startsWith('{"message_type":"ERROR"')) errors++;
      const match = pattern.exec(data);
      if (!match) return;
      const seq = Number(match[1]);
      received.set(seq, (received.get(seq) ?? 0) + 1);
      if (!firstAt.has(seq)) firstAt.set(seq, now);
      lastAt.set(seq, now);
    };
  }

  const senders = sockets.slice(0, Math.min(SENDERS, sockets.length));
  const total = () => [...received.values()].reduce((a, b) => a + b, 0);
  const drain = async (expected) => {
    const limit = Date.now() + 15_000;
    while (total() < expected && Date.now() < limit) await new Promise((r) => setTimeout(r, 20));
  };
  // Sequence numbers below 0 are the warm-up: sent and received the same way, never timed.
  const send = async (seq) => {
    sentAt.set(seq, performance.now());
    senders[(seq + WARMUP) % senders.length].send(
      JSON.stringify({ message_type: "TEXT", text: `bench ${seq}`, client_id: `bench-${count}-${seq}` }),
    );
    await new Promise((r) => setTimeout(r, gapFor(count)));
  };
  for (let seq = -WARMUP; seq < 0; seq++) await send(seq);
  await drain(WARMUP * count);
  sentAt.clear();
  received.clear();

  const cpuBefore = process.cpuUsage();
  const sendStarted = performance.now();
  for (let seq = 0; seq < MESSAGES; seq++) await send(seq);
  const expected = MESSAGES * count;
  await drain(expected);
  const sendMs = performance.now() - sendStarted;
  const cpu = process.cpuUsage(cpuBefore);

  const timed = [...sentAt.entries()].filter(([seq]) => received.get(seq) === count);
  const latencies = timed.map(([seq, at]) => lastAt.get(seq) - at).sort((a, b) => a - b);
  const firsts = timed.map(([seq, at]) => firstAt.get(seq) - at).sort((a, b) => a - b);
  for (const ws of sockets) ws.close(1000, "bench done");
  await api(base, `/api/v1/private/user/chat/thread?public_id=${public_id}`, {
    token: gus,
    method: "DELETE",
  }).catch(() => {});
  return {
    sockets: count,
    messages: MESSAGES,
    gapMs: gapFor(count),
    openSeconds: openMs / 1000,
    receipts: `${total()}/${expected}`,
    lost: expected - total(),
    errors,
    firstP50: percentile(firsts, 50),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    deliveriesPerSecond: Math.round(total() / (sendMs / 1000)),
    /** The benchmark client's own CPU per received frame, in microseconds. */
    clientCpuUsPerFrame: Math.round((cpu.user + cpu.system) / Math.max(1, total())),
    /** The machine's 1-minute load when the run ended, against its core count. */
    load: `${loadavg()[0].toFixed(1)}/${cpus().length}`,
  };
}

let server = null;
let state = null;
let base = process.env.BENCH_URL;
try {
  if (!base) {
    state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-chat-"));
    server = await startServer({
      port: Number(process.env.BENCH_PORT ?? 8804),
      persistTo: state,
      assetsDir: assetsDirFor("bench"),
      seed: true,
      quiet: true,
    });
    base = server.base;
  }
  const rows = [];
  for (const count of SOCKET_COUNTS) {
    const row = await within(PHASE_LIMIT_MS * 3, `the ${count}-socket run`, runOnce(base, count));
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  console.log(
    `\n${typeof Bun === "undefined" ? `Node ${process.version}` : `Bun ${Bun.version}`} client, ${WARMUP} warm-up messages per run`,
  );
  console.log(
    "\n| sockets | messages (every) | lost | first p50 ms | p50 ms | p95 ms | p99 ms | max ms | deliveries/s | client µs/frame | open s | load/cores |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.sockets} | ${r.messages} (${r.gapMs} ms) | ${r.lost} | ${r.firstP50.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.deliveriesPerSecond} | ${r.clientCpuUsPerFrame} | ${r.openSeconds.toFixed(1)} | ${r.load} |`,
    );
  process.exitCode = rows.every((r) => r.lost === 0) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  server?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
  // Sockets or timers left by a failed run must not keep the process alive.
  setTimeout(() => process.exit(), 500).unref();
}
