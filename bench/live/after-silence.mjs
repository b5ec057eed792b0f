#!/usr/bin/env node
// What the first follows cost after the runtime was silent (bench/vs-floor/results.md, 2026-11-30,
// a new machine): Agora as `bun run dev` serves it (its own throwaway state, demo data), 400 people
// each with a tab open, then for each step of the plan `<seconds>:<what>` that many seconds of
// silence (`none`), or of the Worker's health asked every 100 ms (`warm`: the inboxes and D1 still
// sleep, the Worker's code does not), then eight follows one after another, each to a person whose
// inbox sleeps. Prints each follow's answer ms / request → frame ms.
//
//   flock /tmp/agora-heavy.lock node bench/live/after-silence.mjs [15:none 15:warm 2:none …]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startServer } from "../../scripts/server.mjs";
import { addPeople, api, killTree } from "../crash/crash.mjs";
import { d1File } from "../feed/load.mjs";
import { userToken } from "./tokens.mjs";

const PEOPLE = 400;
const FOLLOWS = 8;
const PORT = Number(process.env.BENCH_PORT ?? 8821);
const plan = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["15:none", "15:warm", "15:none", "15:warm", "2:none", "2:warm"];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-after-silence-"));
const dir = join(state, "agora");
const serve = (seed) =>
  startServer({ port: PORT, persistTo: dir, assetsDir: null, seed, quiet: true, migrated: !seed });
await killTree((await serve(true)).pid);
const names = addPeople(dir, PEOPLE, "quiet");
const db = new DatabaseSync(d1File(dir));
const ids = new Map(
  db
    .prepare("SELECT id, username FROM users WHERE username LIKE 'quiet%'")
    .all()
    .map((r) => [r.username, Number(r.id)]),
);
db.close();
const people = names.map((username) => ({ username, token: userToken(ids.get(username)) }));
const agora = await serve(false);

const arrived = new Map();
for (const p of people) {
  const { access_token } = await api(agora.base, "/api/v1/private/user/live/websocket/auth", {
    token: p.token,
    method: "POST",
  });
  const ws = new WebSocket(
    `${agora.base.replace(/^http/, "ws")}/api/v1/live/websocket/connect?token=${access_token}`,
  );
  await new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`${p.username}'s socket failed`));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "HELLO") resolve();
      else if (frame.type === "NOTIFICATION")
        arrived.set(`${frame.notification.actor.username}>${p.username}`, performance.now());
    };
  });
}

let next = 0;
/** One follow of someone new; its answer ms and request → frame ms. */
async function follow() {
  const actor = people[next % PEOPLE];
  const target = people[(next * 7 + 3) % PEOPLE];
  next += 1;
  const at = performance.now();
  await api(agora.base, `/api/v1/private/user/follow?username=${target.username}`, {
    token: actor.token,
    method: "POST",
  });
  const answered = performance.now() - at;
  const key = `${actor.username}>${target.username}`;
  for (let i = 0; i < 250 && !arrived.has(key); i++) await sleep(2);
  return [answered, (arrived.get(key) ?? Number.NaN) - at];
}

// Everyone's inbox asleep before the first step (the runtime lets an idle object go after ten seconds).
await sleep(11_000);
for (const step of plan) {
  const [seconds, what] = step.split(":");
  const until = performance.now() + Number(seconds) * 1000;
  while (what === "warm" && performance.now() < until) {
    await fetch(`${agora.base}/api/health`).then((r) => r.text());
    await sleep(100);
  }
  await sleep(Math.max(0, until - performance.now()));
  const out = [];
  for (let i = 0; i < FOLLOWS; i++) out.push(await follow());
  console.log(
    `${seconds} s ${what === "warm" ? "with health every 100 ms" : "silent"}: ${out.map(([a, f]) => `${a.toFixed(1)}/${f.toFixed(1)}`).join(" ")}`,
  );
}
await killTree(agora.pid);
rmSync(state, { recursive: true, force: true });
process.exit(0);
