#!/usr/bin/env node
// Write capacity: each real write of the API (vote, comment, post, join/leave, follow/unfollow,
// chat message, notifications marked read) driven alone with more and more clients at once until
// its rate stops growing and its latency bends. Reports writes/s and p50/p99 at each step, the
// knee of each kind, and which kind saturates first.
//
//   flock /tmp/agora-heavy.lock node bench/writes/run.mjs [--posts 1000000] [--step 4] [--reuse]
//
// The data is bench/feed's (load.mjs), in BENCH_STATE (default /tmp/agora-writes-bench), served
// on BENCH_PORT (8811). --reuse keeps a state directory already loaded with as many posts (the
// marker is bench/load's `loaded.json` or bench/feed's `feed-bench.json`). Results are printed and
// written to bench/writes/results.md.
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
const STEP_SECONDS = Number(args.step ?? 3);
const LEVELS = [1, 2, 4, 8, 16];
const PEOPLE = 128;
const PORT = Number(process.env.BENCH_PORT ?? 8811);
const STATE = process.env.BENCH_STATE ?? "/tmp/agora-writes-bench";
const assetsDir = assetsDirFor("bench");
const say = (line) => console.error(`[writes] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function prepare() {
  if (args.reuse) {
    for (const marker of ["loaded.json", "feed-bench.json"]) {
      const file = join(STATE, marker);
      if (!existsSync(file)) continue;
      const loaded = JSON.parse(readFileSync(file, "utf8"));
      if (loaded.requestedPosts === POSTS) return loaded;
    }
  }
  rmSync(STATE, { recursive: true, force: true });
  const first = await startServer({ port: PORT, persistTo: STATE, assetsDir, seed: true, quiet: true });
  await killTree(first.pid);
  say(`loading ${POSTS.toLocaleString()} posts`);
  const loaded = { ...loadFeedData(d1File(STATE), { posts: POSTS, log: say }), requestedPosts: POSTS };
  writeFileSync(join(STATE, "loaded.json"), JSON.stringify(loaded));
  return loaded;
}

/** One write: resolves true on a 2xx (the body read, as a client does). */
async function send(base, person, method, path, json) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${person.token}`,
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  await res.arrayBuffer();
  return res.ok;
}

/**
 * The kinds: [name, what it writes in D1, make(world) → (worker index, op index) → Promise<ok>].
 * Each worker has its own people, so no person nears a rate limit within a step.
 */
function kinds(base, world) {
  const { people, posts, communities } = world;
  const pick = (list, n) => list[n % list.length];
  const toggles = new Map();
  /** Alternates two requests per key (join/leave, follow/unfollow), starting with the first. */
  const toggle = (key) => {
    const on = !toggles.get(key);
    toggles.set(key, on);
    return on;
  };
  return [
    [
      "vote",
      "vote row + post's vote count + the author's notification (one batch)",
      (person, n) =>
        send(base, person, "PATCH", `/api/v1/private/user/micropost/vote?public_id=${pick(posts, n)}`),
    ],
    [
      "comment",
      "comment + post/comment counters + the author's notification",
      (person, n) =>
        send(base, person, "POST", "/api/v1/private/user/micropost/comment", {
          parent_micropost_public_id: pick(posts, n * 7),
          body: `write bench ${n}`,
        }),
    ],
    [
      "post",
      "post + community/person/site counters + rate-limit row",
      (person, n) =>
        send(base, person, "POST", "/api/v1/private/user/micropost", {
          title: `Write bench ${n}`,
          body: "<p>Measured.</p>",
          community_name: person.community,
          post_type: "TEXT",
        }),
    ],
    [
      "join/leave",
      "membership row + community member count",
      (person, n) => {
        const name = pick(communities, person.index * 3 + (n % 3) + 10);
        return toggle(`${person.username}:${name}`)
          ? send(base, person, "POST", `/api/v1/private/user/community/join?name=${name}`)
          : send(base, person, "DELETE", `/api/v1/private/user/community/leave?name=${name}`);
      },
    ],
    [
      "follow/unfollow",
      "follow row + both people's counts + rate-limit row (+ a notification on follow)",
      (person, n) => {
        const other = pick(people, person.index + 1 + (n % 5)).username;
        return toggle(`${person.username}>${other}`)
          ? send(base, person, "POST", "/api/v1/private/user/follow", { username: other })
          : send(base, person, "DELETE", "/api/v1/private/user/follow", { username: other });
      },
    ],
    [
      "notification read",
      "the person's unread notifications marked read",
      (person) => send(base, person, "PATCH", "/api/v1/private/user/notification/read", {}),
    ],
  ];
}

/** `clients` loops for STEP_SECONDS, each with its own slice of people; times every write. */
async function step(kind, clients, people) {
  const [, , write] = kind;
  const samples = [];
  let errors = 0;
  const until = Date.now() + STEP_SECONDS * 1000;
  const per = Math.max(1, Math.floor(people.length / clients));
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const mine = people.slice(c * per, c * per + per);
      let n = 0;
      while (Date.now() < until) {
        const person = mine[n % mine.length];
        const started = performance.now();
        let ok = false;
        try {
          ok = await write(person, n * clients + c);
        } catch {
          ok = false;
        }
        samples.push(performance.now() - started);
        if (!ok) errors++;
        n++;
      }
    }),
  );
  const sorted = samples.sort((a, b) => a - b);
  return {
    clients,
    rate: samples.length / STEP_SECONDS,
    errors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** Chat: messages over sockets (the thread's object stores them and syncs D1 in batches). */
async function chatStep(sockets, clients) {
  const samples = [];
  let errors = 0;
  const until = Date.now() + STEP_SECONDS * 1000;
  await Promise.all(
    sockets.slice(0, clients).map(async (socket, c) => {
      let seq = 0;
      while (Date.now() < until) {
        // Under the socket's flood limit (5 a second).
        const clientId = `w-${c}-${seq++}-${Math.random().toString(36).slice(2, 6)}`;
        const started = performance.now();
        const acked = await new Promise((resolve) => {
          socket.waiting.set(clientId, resolve);
          setTimeout(() => resolve(false), 10_000);
          socket.ws.send(
            JSON.stringify({ message_type: "TEXT", text: `write bench ${clientId}`, client_id: clientId }),
          );
        });
        samples.push(performance.now() - started);
        if (!acked) errors++;
        await sleep(Math.max(0, 210 - (performance.now() - started)));
      }
    }),
  );
  const sorted = samples.sort((a, b) => a - b);
  return {
    clients,
    rate: samples.length / STEP_SECONDS,
    errors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

/** The knee: the last step whose rate grew by at least 15% over the one before, and kept p50 under 2× the first's. */
function knee(steps) {
  let best = steps[0];
  for (let i = 1; i < steps.length; i++) {
    const s = steps[i];
    if (
      s.rate >= best.rate * 1.15 &&
      s.p50 <= 2 * steps[0].p50 * (s.clients / steps[0].clients) &&
      s.errors === 0
    )
      best = s;
    else if (s.rate < best.rate * 1.15) break;
  }
  return best;
}

let server = null;
try {
  const loaded = await prepare();
  server = await startServer({ port: PORT, persistTo: STATE, assetsDir, seed: false, quiet: true });
  const base = server.base;
  say("logging people in");
  const people = [];
  for (let i = 0; i < PEOPLE; i++) {
    const username = `bench${String(i).padStart(5, "0")}`;
    const { access_token } = await api(base, "/api/v1/user/auth/login", {
      method: "POST",
      json: { username, password: "password" },
      address: `10.9.${Math.floor(i / 250)}.${i % 250}`,
    });
    const joined = await api(base, "/api/v1/private/user/community/list?limit=1", { token: access_token });
    const community = joined.list[0]?.name ?? joined.list[0]?.community?.name;
    people.push({ index: i, username, token: access_token, community });
  }
  const feed = await api(base, "/api/v1/feed?option=new&limit=50");
  const posts = [...feed.list.map((p) => p.micropost?.public_id ?? p.public_id), loaded.threadPost].filter(
    Boolean,
  );
  const communityList = await api(base, "/api/v1/community/list?limit=100");
  const communities = communityList.list.map((c) => c.name ?? c.community?.name).filter(Boolean);
  const world = { people, posts, communities };

  const results = [];
  for (const kind of kinds(base, world)) {
    say(`${kind[0]}: ${LEVELS.join(", ")} clients, ${STEP_SECONDS} s each`);
    await step(kind, 2, people); // warm-up
    const steps = [];
    for (const clients of LEVELS) {
      const s = await step(kind, clients, people);
      steps.push(s);
      say(`  ${clients} clients: ${s.rate.toFixed(0)}/s p50 ${s.p50.toFixed(1)} ms errors ${s.errors}`);
      if (steps.length >= 3 && s.rate < steps.at(-2).rate * 1.05 && s.rate < steps.at(-3).rate * 1.1) break;
    }
    results.push({ name: kind[0], writes: kind[1], steps });
  }

  say("chat: sockets");
  const sockets = [];
  for (let i = 0; i + 1 < 32; i += 2) {
    const [a, b] = [people[i], people[i + 1]];
    const { public_id } = await api(base, "/api/v1/private/user/chat/thread", {
      token: a.token,
      method: "POST",
      form: { username: b.username },
    });
    for (const who of [a, b]) {
      const ws = await openSocket(base, public_id, who);
      const socket = { ws, waiting: new Map() };
      ws.onmessage = (event) => {
        const data = JSON.parse(String(event.data));
        const w = data.client_id && socket.waiting.get(data.client_id);
        if (!w) return;
        socket.waiting.delete(data.client_id);
        w(data.message_type === "TEXT");
      };
      sockets.push(socket);
    }
  }
  const chatSteps = [];
  for (const clients of LEVELS) {
    const s = await chatStep(sockets, clients);
    chatSteps.push(s);
    say(`  ${clients} sockets: ${s.rate.toFixed(0)}/s p50 ${s.p50.toFixed(1)} ms errors ${s.errors}`);
  }
  results.push({
    name: "chat message",
    writes: "stored in the thread's object, synced to D1 in batches (each socket held under 5/s)",
    steps: chatSteps,
  });
  for (const s of sockets) s.ws.close();

  const f = (n) => (Number.isNaN(n) ? "–" : n.toFixed(1));
  const lines = [
    "# Write capacity: results",
    "",
    `${new Date().toISOString()} · \`node bench/writes/run.mjs --posts ${POSTS} --step ${STEP_SECONDS}\` · ${cpus().length} cores, load ${loadavg()[0].toFixed(2)} · the local server: both Workers in Miniflare, D1 in one SQLite file (docs/decisions/123)`,
    "",
    `Data: bench/feed's (${loaded.posts.toLocaleString()} posts). Each kind alone, ${STEP_SECONDS} s per step, closed loop: each client sends its next write when the last is answered. Times client-side.`,
    "",
    "| kind | what it writes | clients | writes/s | p50 ms | p99 ms | errors |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.flatMap((r) =>
      r.steps.map(
        (s, i) =>
          `| ${i === 0 ? r.name : ""} | ${i === 0 ? r.writes : ""} | ${s.clients} | ${s.rate.toFixed(0)} | ${f(s.p50)} | ${f(s.p99)} | ${s.errors} |`,
      ),
    ),
    "",
    "| kind | knee: clients | writes/s at the knee | most writes/s seen |",
    "|---|---:|---:|---:|",
    ...results.map((r) => {
      const k = knee(r.steps);
      return `| ${r.name} | ${k.clients} | ${k.rate.toFixed(0)} | ${Math.max(...r.steps.map((s) => s.rate)).toFixed(0)} |`;
    }),
    "",
  ];
  const d1Kinds = results.filter((r) => r.name !== "chat message");
  const first = d1Kinds.reduce((a, b) =>
    Math.max(...a.steps.map((s) => s.rate)) <= Math.max(...b.steps.map((s) => s.rate)) ? a : b,
  );
  lines.push(
    `Saturates first: **${first.name}** (${Math.max(...first.steps.map((s) => s.rate)).toFixed(0)} writes/s at most).`,
    "",
  );
  const text = lines.join("\n");
  console.log(`\n${text}`);
  writeFileSync(new URL("./results.md", import.meta.url), text);
} finally {
  if (server) server.stop();
}
