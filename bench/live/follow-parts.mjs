#!/usr/bin/env node
// What a follow costs the local runtime, in parts, beside the floor's event (docs/decisions/236, 239).
//
//   flock /tmp/agora-heavy.lock node bench/live/follow-parts.mjs [--people 600] [--rate 90] [--rounds 2]
//                                                      [--cold 15] [--warm 2] [--writes 1]
//
// Agora, as `bun run dev` serves it (its own throwaway state, under BENCH_STATE_DIR or the system's
// temporary folder), and the floor Worker (bench/floor) each hold a socket for each of `--people`
// people. Half of them have FOLLOWER notices on, half off. Then, per round, three kinds of event,
// each in two turns of `--people`/2 events at `--rate`/s, every one to a different person: the first
// turn after `--cold` idle seconds (every inbox or box asleep: the runtime lets an idle object go
// after ten), the second `--warm` seconds after it (the same objects, still awake):
//   floor      its /event: `--writes` D1 writes (1, a follow's round trips since docs/decisions/239;
//              2 before), then the person's box keeps and sends a frame (bench:vs-floor's event);
//   d1 part    Agora's follow of a person whose FOLLOWER notices are off: the follow's round trip
//              to D1 and nothing else;
//   follow     Agora's follow of a person whose notices are on: the same, then that person's inbox
//              keeps the notice and sends the NOTIFICATION and UNREAD frames to their tab.
// For each: the workerd process's CPU ms, read and write system calls, the KB those wrote and the
// KB of file pages they dirtied (/proc/<pid>/io: a 24-byte write into a page counts its 4 KB), per
// event; the answer's p50 and the request → frame p50 and p99 (ms), and events answered a second.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startServer } from "../../scripts/server.mjs";
import { addPeople, api, killTree } from "../crash/crash.mjs";
import { d1File } from "../feed/load.mjs";
import { startFloorWorker } from "../floor/start.mjs";
import { cpuMs, ioOf, workerdUnder } from "../profile/proc.mjs";
import { userToken } from "./tokens.mjs";

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const PEOPLE = arg("people", 600);
const HALF = Math.floor(PEOPLE / 2);
const RATE = arg("rate", 90);
const ROUNDS = arg("rounds", 2);
const COLD = arg("cold", 15);
const WARM = arg("warm", 2);
const WRITES = arg("writes", 1);
const PORT = Number(process.env.BENCH_PORT ?? 8817);
const FLOOR_PORT = Number(process.env.FLOOR_PORT ?? 8818);

const started = Date.now();
const say = (text) =>
  console.error(`[follow-parts ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${text}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : "–");

// ----- Agora with its people, the floor with as many boxes -----

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-follow-parts-"));
const agoraState = join(state, "agora");
say(`state in ${state}; Agora: migrations, the bundle and the demo data`);
let agora = await startServer({
  port: PORT,
  persistTo: agoraState,
  assetsDir: null,
  seed: true,
  quiet: true,
});
await killTree(agora.pid);
const names = addPeople(agoraState, PEOPLE, "part");
const db = new DatabaseSync(d1File(agoraState));
// A year-old account of the most trusted level (no daily allowance, worker/src/lib/trust.ts); the
// second half has FOLLOWER notices off.
db.exec(
  `UPDATE users SET created_at = ${Date.now() - 365 * 86_400_000}, trust_level = 2, trust_level_at = ${Date.now()}
   WHERE username LIKE 'part%'`,
);
const quiet = db.prepare("UPDATE users SET notify_follower = 0 WHERE username = ?");
for (const name of names.slice(HALF)) quiet.run(name);
const ids = new Map(
  db
    .prepare("SELECT id, username FROM users WHERE username LIKE 'part%'")
    .all()
    .map((r) => [r.username, Number(r.id)]),
);
db.close();
const people = names.map((username) => ({ username, token: userToken(ids.get(username)) }));
agora = await startServer({
  port: PORT,
  persistTo: agoraState,
  assetsDir: null,
  seed: false,
  quiet: true,
  migrated: true,
});
const floor = await startFloorWorker({ port: FLOOR_PORT, persistTo: join(state, "floor"), items: 1000 });
const agoraPids = workerdUnder(agora.pid);
const floorPids = workerdUnder(process.pid, [agora.pid]);

const arrived = new Map();
const openAgora = async (p) => {
  const { access_token } = await api(agora.base, "/api/v1/private/user/live/websocket/auth", {
    token: p.token,
    method: "POST",
  });
  const ws = new WebSocket(
    `${agora.base.replace(/^http/, "ws")}/api/v1/live/websocket/connect?token=${access_token}`,
  );
  return new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`${p.username}'s socket failed`));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "HELLO") resolve(ws);
      else if (frame.type === "NOTIFICATION")
        arrived.set(`${frame.notification.actor.username}>${p.username}`, performance.now());
    };
  });
};
const openFloor = (i) => {
  const ws = new WebSocket(`${floor.base.replace(/^http/, "ws")}/connect?to=${i}`);
  return new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`floor socket ${i} failed`));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "HELLO") resolve(ws);
      else arrived.set(`floor:${frame.id}`, performance.now());
    };
  });
};
say(`${PEOPLE} sockets on each Worker`);
const sockets = [];
for (let i = 0; i < PEOPLE; i += 50) {
  const slice = people.slice(i, i + 50);
  sockets.push(...(await Promise.all(slice.map(openAgora))));
  sockets.push(...(await Promise.all(slice.map((_, k) => openFloor(i + k)))));
}

// ----- Turns -----

/** `HALF` events at RATE/s; `event(e)` → [the key its frame arrives under, or null; the request]. */
async function turn(pids, event) {
  const io0 = ioOf(pids);
  const cpu0 = cpuMs(pids);
  const sent = new Map();
  const answers = [];
  const inFlight = [];
  let errors = 0;
  const t0 = performance.now();
  for (let e = 0; e < HALF; e++) {
    const at = performance.now();
    const [key, request] = event(e);
    if (key) sent.set(key, at);
    inFlight.push(
      request().then(
        async (r) => {
          await r.arrayBuffer();
          if (!r.ok) errors++;
          answers.push(performance.now() - at);
        },
        () => errors++,
      ),
    );
    const wait = t0 + ((e + 1) * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(inFlight);
  const served = HALF / ((performance.now() - t0) / 1000);
  for (let i = 0; i < 100 && [...sent.keys()].some((k) => !arrived.has(k)); i++) await sleep(50);
  const cpu = cpuMs(pids) - cpu0;
  const io = ioOf(pids);
  const frames = [...sent]
    .filter(([k]) => arrived.has(k))
    .map(([k, at]) => arrived.get(k) - at)
    .sort((a, b) => a - b);
  answers.sort((a, b) => a - b);
  return {
    cpu: cpu / HALF,
    reads: (io.reads - io0.reads) / HALF,
    writes: (io.writes - io0.writes) / HALF,
    kb: (io.written - io0.written) / 1024 / HALF,
    dirtied: (io.dirtied - io0.dirtied) / 1024 / HALF,
    answer: percentile(answers, 50),
    p50: percentile(frames, 50),
    p99: percentile(frames, 99),
    lost: sent.size - frames.length,
    errors,
    served,
  };
}

const follow = (actor, target) => () =>
  fetch(`${agora.base}/api/v1/private/user/follow?username=${target.username}`, {
    method: "POST",
    headers: { authorization: `Bearer ${actor.token}` },
  });
// Turn `t` pairs actor i with target i + t + 1 of the other half: a new pair every turn.
const kinds = [
  [
    "floor",
    floorPids,
    (t) => (e) => {
      const id = `${t}-${e}`;
      return [
        `floor:${id}`,
        () => fetch(`${floor.base}/event?to=${(e + t + 1) % HALF}&writes=${WRITES}&id=${id}`),
      ];
    },
  ],
  ["d1 part", agoraPids, (t) => (e) => [null, follow(people[e], people[HALF + ((e + t + 1) % HALF)])]],
  [
    "follow",
    agoraPids,
    (t) => (e) => {
      const [actor, target] = [people[HALF + e], people[(e + t + 1) % HALF]];
      return [`${actor.username}>${target.username}`, follow(actor, target)];
    },
  ],
];
const results = new Map(
  kinds.flatMap(([name]) => [
    [`${name} cold`, []],
    [`${name} warm`, []],
  ]),
);
let t = 0;
for (let round = 0; round < ROUNDS; round++)
  for (const [name, pids, events] of kinds)
    for (const [phase, idle] of [
      ["cold", COLD],
      ["warm", WARM],
    ]) {
      await sleep(idle * 1000);
      const r = await turn(pids, events(t++));
      results.get(`${name} ${phase}`).push(r);
      say(
        `round ${round + 1}, ${name} ${phase}: ${f2(r.cpu)} CPU ms, ${f1(r.writes)} write calls (${f1(r.kb)} KB, ${f1(r.dirtied)} KB of pages) an event; answer p50 ${f1(r.answer)} ms, frame p50 ${f1(r.p50)} p99 ${f1(r.p99)} ms, ${f1(r.served)}/s, lost ${r.lost}, errors ${r.errors}`,
      );
    }
for (const ws of sockets) ws.close();
await killTree(agora.pid);
await floor.mf.dispose();
rmSync(state, { recursive: true, force: true });

// ----- Table: each figure the median of its turns -----

const rows = [...results].map(([label, turns]) => {
  const m = (key) => median(turns.map((r) => r[key]));
  return `| ${label} | ${f2(m("cpu"))} | ${f1(m("reads"))} | ${f1(m("writes"))} | ${f1(m("kb"))} | ${f1(m("dirtied"))} | ${f1(m("answer"))} | ${f1(m("p50"))} | ${f1(m("p99"))} | ${f1(m("served"))} | ${turns.reduce((a, r) => a + r.lost + r.errors, 0)} |`;
});
console.log(
  [
    `${new Date().toISOString()} · \`${`node bench/live/follow-parts.mjs ${argv.join(" ")}`.trim()}\` · ${cpus().length} cores, load average ${f2(loadavg()[0])} · ${PEOPLE} sockets each, ${HALF} events a turn at ${RATE}/s, ${ROUNDS} round(s), the floor's event ${WRITES} D1 write(s), medians`,
    "",
    "| event, objects | CPU ms | read calls | write calls | KB they wrote | KB of pages dirtied | answer p50 ms | frame p50 ms | frame p99 ms | answered/s | lost + errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
