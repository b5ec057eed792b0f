#!/usr/bin/env node
// Live updates benchmark (docs/decisions/109): many people online, each with a live socket.
//
//   flock /tmp/agora-heavy.lock bun bench/live/run.mjs [--people 1000] [--events 1000] [--rate 100]
//                                                     [--churners 200] [--churn-seconds 20] [--settle 15]
//
// Phases, against a server started the way `bun run dev` does (scripts/server.mjs, its own
// throwaway state, under BENCH_STATE_DIR or the system's temporary folder; or BENCH_URL):
// 1. event → frame: `--people` sockets online, one per person; `--events` follows at `--rate`/s,
//    each by another person; the time from sending the follow request to the NOTIFICATION frame on
//    the followed person's socket (p50/p99), and frames lost.
//    The follows start `--settle` seconds after the sockets open: by then the inboxes sleep, as idle
//    people's do (with 0 they all fall asleep at once ten seconds after opening, mid-run).
// 2. fan-out: every person opens the post's own socket (docs/decisions/122), or, on a server
//    without it, their inbox socket WATCHes the post; 20 votes; time to the POST_ACTIVITY on the
//    last socket.
// 3. churn: `--churners` of them drop and reconnect (RESUME after their last seq) every 1-3 s while
//    follows to them flow; afterwards every notification made for them must have arrived exactly
//    once (0 lost, 0 doubled), RESYNCs counted apart.
// 4. hibernation: after 15 s of silence the sockets are still open and one more event still arrives
//    (the inboxes slept and woke).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assetsDirFor, startServer } from "../../scripts/server.mjs";
import { addPeople, api, killTree, processTree } from "../crash/crash.mjs";
import { d1File } from "../feed/load.mjs";
import { userToken } from "./tokens.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const PEOPLE = Number(args.people ?? 1000);
const EVENTS = Number(args.events ?? 1000);
const RATE = Number(args.rate ?? 100);
const CHURNERS = Math.min(PEOPLE / 2, Number(args.churners ?? 200));
const CHURN_SECONDS = Number(args["churn-seconds"] ?? 20);
const OPEN_BATCH = 50;
const SETTLE = Number(args.settle ?? 15);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : "-");

/** One person's live socket; `onFrame` sees every frame; reconnect() resumes after the last seq. */
async function openLive(base, person, onFrame) {
  const { access_token } = await api(base, "/api/v1/private/user/live/websocket/auth", {
    token: person.token,
    method: "POST",
  });
  const ws = new WebSocket(
    `${base.replace(/^http/, "ws")}/api/v1/live/websocket/connect?token=${access_token}`,
  );
  return new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`${person.username}'s socket failed`));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "HELLO") resolve(ws);
      onFrame(frame, ws);
    };
  });
}

/** A post's own socket for one person; `onFrame` sees every frame after HELLO. */
async function openPostLive(base, person, publicId, onFrame) {
  const { access_token } = await api(
    base,
    `/api/v1/private/user/live/post/websocket/auth?public_id=${publicId}`,
    { token: person.token, method: "POST" },
  );
  const ws = new WebSocket(
    `${base.replace(/^http/, "ws")}/api/v1/live/post/websocket/connect?public_id=${publicId}&token=${access_token}`,
  );
  return new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error(`${person.username}'s post socket failed`));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "HELLO") resolve(ws);
      else onFrame(frame);
    };
  });
}

async function openAll(base, people, onFrame) {
  const sockets = [];
  for (let i = 0; i < people.length; i += OPEN_BATCH)
    sockets.push(
      ...(await Promise.all(people.slice(i, i + OPEN_BATCH).map((p) => openLive(base, p, onFrame(p))))),
    );
  return sockets;
}

/** CPU seconds used so far by the server's processes (wrangler, workerd) and by this client. */
let serverPid = null;
function cpuNow() {
  let ticks = 0;
  for (const pid of serverPid ? processTree(serverPid) : []) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // gone
    }
  }
  const own = process.cpuUsage();
  return { at: performance.now(), server: ticks / 100, client: (own.user + own.system) / 1e6 };
}
/** Cores used on average between two `cpuNow()` readings, by the server and by the client. */
function coresBetween(a, b) {
  const wall = (b.at - a.at) / 1000;
  return { server: (b.server - a.server) / wall, client: (b.client - a.client) / wall };
}

const follow = (base, who, whom) =>
  api(base, `/api/v1/private/user/follow?username=${whom.username}`, { token: who.token, method: "POST" });

async function main(base, names) {
  const people = names.map((p, i) => ({ i, username: p.username, id: p.id, token: userToken(p.id) }));

  // ----- 1. event → frame -----
  const arrived = new Map(); // `${actor}>${target}` → time
  const startedOpen = performance.now();
  const sockets = await openAll(base, people, (p) => (frame) => {
    if (frame.type === "NOTIFICATION" && frame.notification.kind === "FOLLOWER")
      arrived.set(`${frame.notification.actor.username}>${p.username}`, performance.now());
  });
  const openSeconds = (performance.now() - startedOpen) / 1000;
  console.error(`${sockets.length} sockets open in ${openSeconds.toFixed(1)} s`);
  // The sockets opened together, so their inboxes would all fall asleep together ten seconds later,
  // in the middle of the events; people online but idle have sleeping inboxes, so wait for that first.
  if (SETTLE) await sleep(SETTLE * 1000);
  const sentAt = new Map();
  const answered = [];
  const gap = 1000 / RATE;
  const cpu0 = cpuNow();
  const t0 = performance.now();
  const inFlight = [];
  for (let e = 0; e < EVENTS; e++) {
    const actor = people[e % PEOPLE];
    const target = people[((e % PEOPLE) + 1 + Math.floor(e / PEOPLE)) % PEOPLE];
    const key = `${actor.username}>${target.username}`;
    sentAt.set(key, performance.now());
    const at = performance.now();
    inFlight.push(
      follow(base, actor, target)
        .then(() => answered.push(performance.now() - at))
        .catch((error) => console.error(String(error))),
    );
    const next = t0 + (e + 1) * gap;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - t0) / 1000;
  for (let i = 0; i < 100 && arrived.size < sentAt.size; i++) await sleep(50);
  const cores = coresBetween(cpu0, cpuNow());
  answered.sort((a, b) => a - b);
  const latencies = [...sentAt]
    .filter(([k]) => arrived.has(k))
    .map(([k, at]) => arrived.get(k) - at)
    .sort((a, b) => a - b);
  const eventRow = {
    online: sockets.length,
    events: EVENTS,
    rate: RATE,
    lost: sentAt.size - latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
    load: `${loadavg()[0].toFixed(1)}/${cpus().length}`,
    // The follow's own answer (request → response), the rate they were answered at (all of them
    // over the time until the last answer), and the cores the server and this client used
    // meanwhile: a client near one full core would be the bottleneck.
    answerP50: percentile(answered, 50),
    answerP99: percentile(answered, 99),
    achievedRate: EVENTS / sendSeconds,
    serverCores: cores.server,
    clientCores: cores.client,
  };
  console.log(JSON.stringify({ phase: "event-to-frame", ...eventRow }));

  // ----- 2. fan-out -----
  const owner = people[0];
  const community = `live${Date.now().toString(36)}`;
  await api(base, "/api/v1/private/user/community", {
    token: owner.token,
    method: "POST",
    form: { name: community, title: "Live bench", description: "Live bench" },
  }).catch(() => null);
  const post = await api(base, "/api/v1/private/user/micropost", {
    token: owner.token,
    method: "POST",
    form: { title: "Watched", body: "<p>watched by everyone</p>", community_name: community },
  }).catch((error) => {
    console.error(`fan-out skipped: ${error}`);
    return null;
  });
  let fanRow = null;
  let fanSockets = sockets;
  if (post) {
    const got = new Map(); // votes total → [times]
    const onActivity = (frame) => {
      if (frame.type !== "POST_ACTIVITY") return;
      const list = got.get(frame.total_micropost_votes) ?? [];
      list.push(performance.now());
      got.set(frame.total_micropost_votes, list);
    };
    // The post's own socket where the server has it (a 404 for its token route: it has not).
    const postSockets = await openPostLive(base, owner, post.public_id, onActivity)
      .then((first) => [first])
      .catch((error) => {
        if (error.status !== 404) throw error;
        return null;
      });
    if (postSockets) {
      for (let i = 1; i < people.length; i += OPEN_BATCH)
        postSockets.push(
          ...(await Promise.all(
            people.slice(i, i + OPEN_BATCH).map((p) => openPostLive(base, p, post.public_id, onActivity)),
          )),
        );
      fanSockets = postSockets;
    } else {
      for (const ws of sockets) {
        ws.onmessage = (event) => onActivity(JSON.parse(String(event.data)));
        ws.send(JSON.stringify({ type: "WATCH", public_id: post.public_id }));
      }
    }
    await sleep(2_000);
    const fanCpu0 = cpuNow();
    const lastTimes = [];
    const firstTimes = [];
    let reached = 0;
    for (let v = 1; v <= 20; v++) {
      const voter = people[v];
      const at = performance.now();
      await api(base, `/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
        token: voter.token,
        method: "PATCH",
      });
      for (let i = 0; i < 200 && (got.get(v)?.length ?? 0) < fanSockets.length; i++) await sleep(25);
      const times = got.get(v) ?? [];
      reached += times.length;
      if (times.length) {
        firstTimes.push(Math.min(...times) - at);
        lastTimes.push(Math.max(...times) - at);
      }
      await sleep(200);
    }
    const fanCores = coresBetween(fanCpu0, cpuNow());
    lastTimes.sort((a, b) => a - b);
    firstTimes.sort((a, b) => a - b);
    for (const ws of postSockets ?? []) ws.close(1000, "fan-out done");
    fanRow = {
      path: postSockets ? "post sockets" : "inboxes",
      watchers: postSockets?.length ?? sockets.length,
      votes: 20,
      delivered: `${reached}/${20 * fanSockets.length}`,
      firstP50: percentile(firstTimes, 50),
      lastP50: percentile(lastTimes, 50),
      lastP99: percentile(lastTimes, 99),
      serverCores: fanCores.server,
      clientCores: fanCores.client,
    };
    console.log(JSON.stringify({ phase: "fan-out", ...fanRow }));
  }

  // ----- 3. churn -----
  const churners = people.slice(0, CHURNERS);
  const others = people.slice(CHURNERS);
  const seen = new Map(churners.map((p) => [p.username, new Map()])); // notification id → times
  const state = new Map(churners.map((p) => [p.username, { lastSeq: null, resyncs: 0, reconnects: 0 }]));
  for (let i = 0; i < CHURNERS; i++) sockets[i].close(1000, "churn starts");
  const handler = (p) => (frame, ws) => {
    const s = state.get(p.username);
    if (frame.type === "HELLO") {
      if (s.lastSeq === null) s.lastSeq = frame.seq;
      else if (frame.seq !== s.lastSeq) ws.send(JSON.stringify({ type: "RESUME", after: s.lastSeq }));
      return;
    }
    if (frame.type === "RESYNC") {
      s.resyncs += 1;
      s.lastSeq = frame.seq;
      return;
    }
    if (typeof frame.seq !== "number" || frame.type === "PONG" || frame.type === "ERROR") return;
    s.lastSeq = Math.max(s.lastSeq ?? 0, frame.seq);
    if (frame.type === "NOTIFICATION") {
      const ids = seen.get(p.username);
      ids.set(frame.notification.id, (ids.get(frame.notification.id) ?? 0) + 1);
    }
  };
  let churning = true;
  // Each churner's first socket sets where it starts counting: events begin once all are open.
  let firstOpen = 0;
  const loops = churners.map(async (p) => {
    let first = true;
    while (churning) {
      const ws = await openLive(base, p, handler(p)).catch(() => null);
      if (first) {
        first = false;
        firstOpen += 1;
      }
      await sleep(1_000 + Math.random() * 2_000);
      ws?.close(1000, "churn");
      state.get(p.username).reconnects += 1;
      await sleep(50 + Math.random() * 200);
    }
    // The last connection stays until the checks.
    return openLive(base, p, handler(p));
  });
  while (firstOpen < churners.length) await sleep(20);
  const made = new Map(churners.map((p) => [p.username, 0]));
  const churnEnd = performance.now() + CHURN_SECONDS * 1000;
  let k = 0;
  while (performance.now() < churnEnd) {
    const target = churners[k % churners.length];
    // A different follower each time: one person's follows are limited per minute.
    const actor = others[k % others.length];
    k += 1;
    await follow(base, actor, target)
      .then((answer) => {
        if (answer?.is_following !== false) made.set(target.username, made.get(target.username) + 1);
      })
      .catch(() => null);
    await sleep(1000 / Math.min(RATE, 50));
  }
  churning = false;
  const finals = await Promise.all(loops);
  for (const ws of finals) ws.send(JSON.stringify({ type: "PING" }));
  await sleep(3_000);
  let lost = 0;
  let doubled = 0;
  let resyncs = 0;
  let reconnects = 0;
  for (const p of churners) {
    const ids = seen.get(p.username);
    const st = state.get(p.username);
    resyncs += st.resyncs;
    reconnects += st.reconnects;
    // A RESYNC stands for what it skipped: the tab refetches, so those are not counted lost.
    if (st.resyncs === 0) lost += Math.max(0, made.get(p.username) - ids.size);
    for (const n of ids.values()) if (n > 1) doubled += n - 1;
  }
  const churnRow = {
    churners: CHURNERS,
    seconds: CHURN_SECONDS,
    notifications: [...made.values()].reduce((a, b) => a + b, 0),
    reconnects,
    lost,
    doubled,
    resyncs,
  };
  console.log(JSON.stringify({ phase: "churn", ...churnRow }));

  // ----- 4. hibernation -----
  await sleep(15_000);
  const stillOpen = sockets.slice(CHURNERS).filter((ws) => ws.readyState === WebSocket.OPEN).length;
  const sleeper = people[PEOPLE - 1];
  let woke = false;
  sockets[PEOPLE - 1].onmessage = (event) => {
    if (String(event.data).includes('"NOTIFICATION"')) woke = true;
  };
  // A follower who has not acted in this run (follows are limited per minute and person).
  await follow(base, people[Math.floor((CHURNERS + PEOPLE) / 2)], sleeper).catch((error) =>
    console.error(String(error)),
  );
  for (let i = 0; i < 100 && !woke; i++) await sleep(50);
  const hibRow = {
    idleSeconds: 15,
    stillOpen: `${stillOpen}/${PEOPLE - CHURNERS}`,
    eventAfterIdleArrived: woke,
  };
  console.log(JSON.stringify({ phase: "hibernation", ...hibRow }));
  for (const ws of [...sockets, ...finals]) ws.close(1000, "done");

  console.log(
    `\n${typeof Bun === "undefined" ? `Node ${process.version}` : `Bun ${Bun.version}`} client, ${cpus().length} cores\n`,
  );
  console.log("| online | events (rate/s) | lost | p50 ms | p99 ms | max ms | load/cores |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${eventRow.online} | ${eventRow.events} (${eventRow.rate}) | ${eventRow.lost} | ${fmt(eventRow.p50)} | ${fmt(eventRow.p99)} | ${fmt(eventRow.max)} | ${eventRow.load} |`,
  );
  console.log("\n| served/s | answer p50 ms | answer p99 ms | server cores | client cores |");
  console.log("|---:|---:|---:|---:|---:|");
  console.log(
    `| ${fmt(eventRow.achievedRate)} | ${fmt(eventRow.answerP50)} | ${fmt(eventRow.answerP99)} | ${eventRow.serverCores.toFixed(2)} | ${eventRow.clientCores.toFixed(2)} |`,
  );
  if (fanRow) {
    console.log(
      "\n| path | watchers | votes | frames delivered | first socket p50 ms | last socket p50 ms | last socket p99 ms |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    console.log(
      `| ${fanRow.path} | ${fanRow.watchers} | ${fanRow.votes} | ${fanRow.delivered} | ${fmt(fanRow.firstP50)} | ${fmt(fanRow.lastP50)} | ${fmt(fanRow.lastP99)} |`,
    );
    console.log(
      `(fan-out phase: server ${fanRow.serverCores.toFixed(2)} cores, client ${fanRow.clientCores.toFixed(2)} cores)`,
    );
  }
  console.log("\n| churning tabs | seconds | notifications | reconnects | lost | doubled | RESYNC |");
  console.log("|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${churnRow.churners} | ${churnRow.seconds} | ${churnRow.notifications} | ${churnRow.reconnects} | ${churnRow.lost} | ${churnRow.doubled} | ${churnRow.resyncs} |`,
  );
  console.log(
    `\nAfter ${hibRow.idleSeconds} s idle: ${hibRow.stillOpen} sockets still open; an event then arrived: ${hibRow.eventAfterIdleArrived}`,
  );
  return churnRow.lost === 0 && churnRow.doubled === 0 && eventRow.lost === 0;
}

let server = null;
let state = null;
let people = [];
let base = process.env.BENCH_URL;
try {
  if (!base) {
    state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-live-"));
    // Locally every object's file and D1's are synced on the one thread that runs them all: on a
    // disk that wait is most of an event's cost (docs/decisions/125). BENCH_STATE_DIR=/dev/shm runs
    // on tmpfs; the table says which.
    console.error(`state in ${state}`);
    const port = Number(process.env.BENCH_PORT ?? 8806);
    const assetsDir = assetsDirFor("bench");
    server = await startServer({ port, persistTo: state, assetsDir, seed: true, quiet: true });
    await killTree(server.pid);
    addPeople(state, PEOPLE, "live");
    const db = new DatabaseSync(d1File(state));
    people = db.prepare("SELECT id, username FROM users WHERE username LIKE 'live%' ORDER BY id").all();
    db.close();
    server = await startServer({ port, persistTo: state, assetsDir, seed: false, quiet: true });
    serverPid = server.pid;
    base = server.base;
  } else throw new Error("BENCH_URL is not supported: the bench adds its people to the D1 file itself");
  process.exitCode = (await main(base, people)) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  server?.stop();
  if (state) rmSync(state, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
