#!/usr/bin/env node
// Group chat fan-out: one group of N people (default 50: its maker and 49 others), each with one
// socket; M messages from members taking turns; the time from a send to the Nth socket's receipt.
//
//   /work/notes/heavy bun bench/chat/group.mjs [--members 50] [--messages 200] [--gap 50]
//
// Without BENCH_URL it starts the server as `bun run dev` does (scripts/server.mjs) on BENCH_PORT
// (8805) with a throwaway state directory; the people are registered through the API and
// confirmed with the codes from the development outbox, each from its own loopback address.
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
const MEMBERS = Number(args.members ?? 50);
const MESSAGES = Number(args.messages ?? 200);
const GAP_MS = Number(args.gap ?? 50);
const WARMUP = 10;

async function api(base, path, { token, method = "GET", json, headers = {} } = {}) {
  const all = { ...headers };
  if (token) all.authorization = `Bearer ${token}`;
  if (json) all["content-type"] = "application/json";
  const res = await fetch(`${base}${path}`, {
    method,
    headers: all,
    body: json ? JSON.stringify(json) : undefined,
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function newPerson(base, i) {
  const username = `fan${Date.now().toString(36).slice(-5)}${i}`;
  const email = `${username}@example.com`;
  const from = { "cf-connecting-ip": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` };
  await api(base, "/api/v1/user/auth/register", {
    method: "POST",
    json: { username, email, password: "secret-pass-1" },
    headers: from,
  });
  const mail = await api(base, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = mail.list.map((m) => /Your verification code: (\w+)/.exec(m.text)?.[1]).find(Boolean);
  const { access_token } = await api(base, `/api/v1/user/auth/register/email/confirm?code=${code}`, {
    method: "POST",
    headers: from,
  });
  // A regular may start groups and write without a newcomer's daily caps.
  await api(base, `/api/dev/trust-level?username=${username}&level=2`, { method: "POST" });
  return { username, token: access_token };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(base) {
  const people = [];
  for (let i = 0; i < MEMBERS; i += 10)
    people.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, MEMBERS - i) }, (_, j) => newPerson(base, i + j)),
      )),
    );
  const [maker, ...others] = people;
  const group = await api(base, "/api/v1/private/user/chat/group", {
    token: maker.token,
    method: "POST",
    json: { name: "Fan-out", usernames: others.map((o) => o.username) },
  });
  const wsBase = base.replace(/^http/, "ws");
  const sockets = await Promise.all(
    people.map(async (p) => {
      const { access_token } = await api(
        base,
        `/api/v1/private/user/chat/websocket/auth?public_id=${group.public_id}`,
        { token: p.token, method: "POST" },
      );
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(
          `${wsBase}/api/v1/chat/websocket/connect?public_id=${group.public_id}&token=${access_token}`,
        );
        ws.onerror = () => reject(new Error("socket failed"));
        ws.onmessage = (e) => {
          if (String(e.data).includes(`"username":"${p.username}"`) && String(e.data).includes('"CONNECT"'))
            resolve(ws);
        };
      });
    }),
  );
  const sentAt = new Map();
  const count = new Map();
  const lastAt = new Map();
  const pattern = /"text":"fan (-?\d+)"/;
  for (const ws of sockets)
    ws.onmessage = (e) => {
      const match = pattern.exec(String(e.data));
      if (!match) return;
      const seq = Number(match[1]);
      count.set(seq, (count.get(seq) ?? 0) + 1);
      lastAt.set(seq, performance.now());
    };
  const send = async (seq) => {
    sentAt.set(seq, performance.now());
    // Senders take turns, each far below the flood control.
    sockets[(seq + WARMUP) % sockets.length].send(
      JSON.stringify({ message_type: "TEXT", text: `fan ${seq}` }),
    );
    await new Promise((r) => setTimeout(r, GAP_MS));
  };
  for (let seq = -WARMUP; seq < MESSAGES; seq++) await send(seq);
  const limit = Date.now() + 15_000;
  while ([...count.values()].reduce((a, b) => a + b, 0) < (MESSAGES + WARMUP) * MEMBERS && Date.now() < limit)
    await new Promise((r) => setTimeout(r, 20));
  const timed = [...sentAt].filter(([seq]) => seq >= 0 && count.get(seq) === MEMBERS);
  const latencies = timed.map(([seq, at]) => lastAt.get(seq) - at).sort((a, b) => a - b);
  for (const ws of sockets) ws.close(1000, "done");
  return {
    members: MEMBERS,
    messages: MESSAGES,
    complete: `${timed.length}/${MESSAGES}`,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    load: `${loadavg()[0].toFixed(1)}/${cpus().length}`,
  };
}

let server = null;
let state = null;
let base = process.env.BENCH_URL;
try {
  if (!base) {
    state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-group-"));
    server = await startServer({
      port: Number(process.env.BENCH_PORT ?? 8805),
      persistTo: state,
      assetsDir: assetsDirFor("bench"),
      seed: true,
      quiet: true,
    });
    base = server.base;
  }
  const row = await run(base);
  console.log(JSON.stringify(row));
  console.log(
    "\n| members | messages | complete | send → last socket p50 ms | p99 ms | max ms | load/cores |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${row.members} | ${row.messages} (every ${GAP_MS} ms) | ${row.complete} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.max.toFixed(1)} | ${row.load} |`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  server?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
