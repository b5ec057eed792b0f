// Crash consistency: concurrent writes through the API and the chat socket, a SIGKILL of the whole
// server's process tree (Miniflare's node process and workerd) mid-flight, a restart on the same persisted state, then checks that
// every counter column equals a count of its rows and every acknowledged chat message is stored
// exactly once. Used by `bench/crash/run.mjs` (many runs) and `e2e/own-servers.e2e.ts` (one short run).
//
// The counters live in one list, COUNTER_CHECKS: a new counter column gets its line there.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startServer } from "../../scripts/server.mjs";
import { d1File } from "../feed/load.mjs";

/**
 * Every counter column of `worker/src/db/schema/*.ts` (the `counter(...)` columns and the
 * trigger-kept `site_counters`), each as a query answering the rows whose counter differs from the
 * count of its rows. `token_version` is a version, not a count; `chat_thread_users
 * .total_unread_messages` is copied from the thread's Durable Object after the fact (not a count
 * of D1 rows), so neither is here.
 */
export const COUNTER_CHECKS = [
  {
    name: "microposts.total_votes",
    sql: `SELECT id, total_votes AS counter, (SELECT count(*) FROM micropost_votes v WHERE v.micropost_id = m.id) AS rows
          FROM microposts m WHERE counter <> rows`,
  },
  {
    name: "microposts.total_comments",
    sql: `SELECT id, total_comments AS counter,
            (SELECT count(*) FROM comments c WHERE c.micropost_id = m.id AND c.is_deleted = 0) AS rows
          FROM microposts m WHERE counter <> rows`,
  },
  {
    // A deleted top-level comment that keeps replies stays in the list (as "deleted").
    name: "microposts.total_top_comments",
    sql: `SELECT id, total_top_comments AS counter,
            (SELECT count(*) FROM comments c WHERE c.micropost_id = m.id AND c.depth = 0) AS rows
          FROM microposts m WHERE counter <> rows`,
  },
  {
    name: "comments.total_replies",
    sql: `SELECT id, total_replies AS counter, (SELECT count(*) FROM comments r WHERE r.parent_id = c.id) AS rows
          FROM comments c WHERE counter <> rows`,
  },
  {
    name: "communities.total_members",
    sql: `SELECT id, total_members AS counter,
            (SELECT count(*) FROM community_members cm WHERE cm.community_id = c.id) AS rows
          FROM communities c WHERE counter <> rows`,
  },
  {
    name: "communities.total_microposts",
    sql: `SELECT id, total_microposts AS counter,
            (SELECT count(*) FROM microposts m WHERE m.community_id = c.id AND m.is_draft = 0) AS rows
          FROM communities c WHERE counter <> rows`,
  },
  {
    name: "users.total_followers",
    sql: `SELECT id, total_followers AS counter, (SELECT count(*) FROM follows f WHERE f.followee_id = u.id) AS rows
          FROM users u WHERE counter <> rows`,
  },
  {
    name: "users.total_following",
    sql: `SELECT id, total_following AS counter, (SELECT count(*) FROM follows f WHERE f.follower_id = u.id) AS rows
          FROM users u WHERE counter <> rows`,
  },
  {
    name: "users.total_microposts",
    sql: `SELECT id, total_microposts AS counter,
            (SELECT count(*) FROM microposts m WHERE m.owner_id = u.id AND m.is_draft = 0) AS rows
          FROM users u WHERE counter <> rows`,
  },
  {
    name: "report_groups.total_reports",
    sql: `SELECT id, total_reports AS counter, (SELECT count(*) FROM reports r WHERE r.group_id = g.id) AS rows
          FROM report_groups g WHERE counter <> rows`,
  },
  ...[
    ["published_microposts", "SELECT count(*) FROM microposts WHERE is_draft = 0"],
    ["verified_microposts", "SELECT count(*) FROM microposts WHERE is_draft = 0 AND is_owner_verified = 1"],
    ["communities", "SELECT count(*) FROM communities"],
    ["users", "SELECT count(*) FROM users WHERE deleted_at IS NULL"],
  ].map(([key, count]) => ({
    name: `site_counters.${key}`,
    sql: `SELECT key AS id, value AS counter, (${count}) AS rows FROM site_counters WHERE key = '${key}' AND counter <> rows`,
  })),
];

/** Runs every counter check on the local D1 file: `{ name, drift: [{id, counter, rows}] }` each. */
export function checkCounters(persistTo) {
  const db = new DatabaseSync(d1File(persistTo), { readOnly: true });
  try {
    return COUNTER_CHECKS.map(({ name, sql }) => ({ name, drift: db.prepare(sql).all() }));
  } finally {
    db.close();
  }
}

/** The process and everything under it, deepest first. */
export function processTree(pid) {
  let children = [];
  try {
    children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    // no children
  }
  return [...children.flatMap(processTree), pid];
}

/** SIGKILL to wrangler and every process it started (workerd), then waits until they are gone. */
export async function killTree(pid) {
  const pids = processTree(pid);
  for (const p of pids) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
  const alive = (p) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  };
  const limit = Date.now() + 10_000;
  while (pids.some(alive) && Date.now() < limit) await new Promise((r) => setTimeout(r, 50));
}

export async function api(base, path, { token, method = "GET", json, form, address } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers["x-real-ip"] = address;
  let body;
  if (json) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) body = new URLSearchParams(form);
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const error = new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    error.status = res.status;
    throw error;
  }
  return data;
}

/** Adds `count` ACTIVE people (password "password") straight into the D1 file of a stopped server. */
export function addPeople(persistTo, count, prefix = "crash") {
  const db = new DatabaseSync(d1File(persistTo));
  try {
    const hash = db.prepare("SELECT password_hash AS h FROM users ORDER BY id LIMIT 1").get()?.h;
    if (!hash) throw new Error("seed the demo data first");
    const now = Date.now();
    const add = db.prepare(
      `INSERT OR IGNORE INTO users (username, email, password_hash, status, profile_name, created_at, updated_at)
       VALUES (?, ?, ?, 'ACTIVE', ?, ?, ?)`,
    );
    db.exec("BEGIN");
    const names = [];
    for (let i = 0; i < count; i++) {
      const name = `${prefix}${String(i).padStart(3, "0")}`;
      add.run(name, `${name}@crash.example`, hash, `Crash Person ${i}`, now, now);
      names.push(name);
    }
    db.exec("COMMIT");
    return names;
  } finally {
    db.close();
  }
}

/**
 * Starts the server on `persistTo` with demo data and `people` extra accounts (a first start seeds,
 * a kill, the accounts go in, a second start). Answers the running server.
 */
export async function prepare({ port, persistTo, assetsDir, people = 30 }) {
  let server = await startServer({ port, persistTo, assetsDir, seed: true, quiet: true });
  await killTree(server.pid);
  const names = addPeople(persistTo, people);
  server = await startServer({ port, persistTo, assetsDir, seed: false, quiet: true, migrated: true });
  return { server, names };
}

/** Everything the workload needs that survives restarts: tokens, posts, communities, threads. */
export async function setUp(base, names, { threads = 8 } = {}) {
  const people = [];
  for (const [i, username] of names.entries()) {
    const { access_token } = await api(base, "/api/v1/user/auth/login", {
      method: "POST",
      json: { username, password: "password" },
      address: `10.9.${Math.floor(i / 250)}.${i % 250}`,
    });
    people.push({ username, token: access_token });
  }
  const feed = await api(base, "/api/v1/feed?limit=20");
  const posts = listOf(feed)
    .map((p) => p.public_id ?? p.micropost?.public_id)
    .filter(Boolean)
    .slice(0, 8);
  const list = await api(base, "/api/v1/community/list?limit=8");
  const communities = listOf(list)
    .map((c) => c.name ?? c.community?.name)
    .filter(Boolean)
    .slice(0, 6);
  const pairs = [];
  for (let t = 0; t < Math.min(threads, Math.floor(people.length / 2)); t++) {
    const [a, b] = [people[2 * t], people[2 * t + 1]];
    const { public_id } = await api(base, "/api/v1/private/user/chat/thread", {
      token: a.token,
      method: "POST",
      form: { username: b.username },
    });
    pairs.push({ publicId: public_id, members: [a, b] });
  }
  if (posts.length === 0 || communities.length === 0) throw new Error("no demo posts or communities");
  return { people, posts, communities, pairs };
}

/** The rows of a page answer (`{list, total_list, total_pages}`). */
const listOf = (page) => page.list ?? page.items ?? page;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens a socket of `person` on a thread; resolves once the server's CONNECT greeting arrives. */
export async function openSocket(base, publicId, person) {
  const { access_token } = await api(base, `/api/v1/private/user/chat/websocket/auth?public_id=${publicId}`, {
    token: person.token,
    method: "POST",
  });
  const wsBase = base.replace(/^http/, "ws");
  return await new Promise((resolve, reject) => {
    const ws = new WebSocket(
      `${wsBase}/api/v1/chat/websocket/connect?public_id=${publicId}&token=${access_token}`,
    );
    const timer = setTimeout(() => reject(new Error("socket did not open in 10 s")), 10_000);
    ws.onerror = () => {
      clearTimeout(timer);
      reject(new Error("socket failed to open"));
    };
    ws.onmessage = (event) => {
      if (String(event.data).includes('"CONNECT"') || String(event.data).includes('"RECONNECT"')) {
        clearTimeout(timer);
        resolve(ws);
      }
    };
  });
}

/**
 * Runs the workload until `stop()` is called: each person in a loop of votes, joins/leaves,
 * follows/unfollows and comments, and one sender per thread member over the socket. Every chat
 * message the server acknowledged (the sender's socket got it back, with its client_id) is
 * recorded in `acked` as {publicId, id, clientId, sender}. Failed requests are counted, not thrown:
 * the kill makes some fail by design.
 */
export function startWorkload(base, world, { run = 0 } = {}) {
  let running = true;
  const stats = { requests: 0, ok: 0, failed: 0, chatSent: 0 };
  const acked = [];
  const sockets = [];
  const loops = [];
  const call = async (path, options) => {
    stats.requests++;
    try {
      await api(base, path, options);
      stats.ok++;
    } catch {
      stats.failed++;
    }
  };
  for (const person of world.people) {
    loops.push(
      (async () => {
        while (running) {
          const roll = Math.random();
          const token = person.token;
          if (roll < 0.3)
            await call(`/api/v1/private/user/micropost/vote?public_id=${pick(world.posts)}`, {
              token,
              method: "PATCH",
            });
          else if (roll < 0.5) {
            const name = encodeURIComponent(pick(world.communities));
            const leave = Math.random() < 0.5;
            await call(`/api/v1/private/user/community/${leave ? "leave" : "join"}?name=${name}`, {
              token,
              method: leave ? "DELETE" : "POST",
            });
          } else if (roll < 0.75) {
            const other = pick(world.people);
            if (other !== person)
              await call(`/api/v1/private/user/follow?username=${other.username}`, {
                token,
                method: Math.random() < 0.5 ? "DELETE" : "POST",
              });
          } else
            await call("/api/v1/private/user/micropost/comment", {
              token,
              method: "POST",
              json: {
                parent_micropost_public_id: pick(world.posts),
                body: `crash run ${run} ${Math.random()}`,
              },
            });
          await sleep(20 + Math.random() * 80);
        }
      })(),
    );
  }
  for (const pair of world.pairs) {
    for (const member of pair.members) {
      loops.push(
        (async () => {
          let ws;
          try {
            ws = await openSocket(base, pair.publicId, member);
          } catch {
            stats.failed++;
            return;
          }
          sockets.push(ws);
          ws.onmessage = (event) => {
            const data = JSON.parse(String(event.data));
            if (data.message_type === "TEXT" && data.client_id?.startsWith(`c${run}-${member.username}-`))
              acked.push({
                publicId: pair.publicId,
                id: data.id,
                clientId: data.client_id,
                sender: member.username,
              });
          };
          let seq = 0;
          while (running && ws.readyState === WebSocket.OPEN) {
            const clientId = `c${run}-${member.username}-${seq++}`;
            ws.send(JSON.stringify({ message_type: "TEXT", text: `crash ${clientId}`, client_id: clientId }));
            stats.chatSent++;
            // Under the server's flood limit (5 a second per sender).
            await sleep(250 + Math.random() * 100);
          }
        })(),
      );
    }
  }
  return {
    stats,
    acked,
    stop: async () => {
      running = false;
      for (const ws of sockets) ws.close();
      await Promise.race([Promise.allSettled(loops), sleep(5_000)]);
    },
  };
}

/** Every message of a thread, through the API (newest first, paged). */
export async function threadMessages(base, token, publicId) {
  const all = [];
  for (let skip = 0; ; ) {
    const page = await api(
      base,
      `/api/v1/private/user/chat/thread/message/list?public_id=${publicId}&skip=${skip}&limit=100`,
      {
        token,
      },
    );
    const items = listOf(page);
    all.push(...items);
    if (items.length < 100) return all;
    skip += items.length;
  }
}

/**
 * What each thread's D1 rows should say, computed from the messages its Durable Object holds
 * (newest first, as the API lists them): for every member, the unread count (messages others sent
 * that the member is not among the readers of) and the thread's last message and activity time.
 */
export function expectedThread(messages, member, createdAt) {
  const newest = messages[0];
  return {
    total_unread_messages: messages.filter(
      (m) => m.message_sender?.username !== member && !m.readers.includes(member),
    ).length,
    last_message: newest
      ? { message_type: newest.message_type, text: newest.text, created_at: newest.created_at }
      : null,
    updated_at: newest?.created_at ?? createdAt,
  };
}

/**
 * The per-thread state the product keeps in D1 beside the messages (ADR 009): each member's
 * `chat_thread_users.total_unread_messages` and `last_activity_at`, and the thread's
 * `last_message_*`, as the thread API answers them, against the messages themselves. Answers the
 * threads and members checked and every difference as {publicId, member, field, d1, messages}.
 */
export async function checkThreads(base, world, stored = new Map()) {
  const drift = [];
  let members = 0;
  for (const pair of world.pairs) {
    const messages =
      stored.get(pair.publicId) ?? (await threadMessages(base, pair.members[0].token, pair.publicId));
    for (const member of pair.members) {
      members++;
      const thread = await api(base, `/api/v1/private/user/chat/thread?public_id=${pair.publicId}`, {
        token: member.token,
      });
      const want = expectedThread(messages, member.username, thread.created_at);
      for (const field of Object.keys(want)) {
        const [d1, fromMessages] = [JSON.stringify(thread[field]), JSON.stringify(want[field])];
        if (d1 !== fromMessages)
          drift.push({ publicId: pair.publicId, member: member.username, field, d1, messages: fromMessages });
      }
    }
  }
  return { threads: world.pairs.length, members, drift };
}

/**
 * With the server down: how many thread fields D1 has behind the thread objects' own storage
 * (read from both SQLite files), i.e. what the kill cut off. Each thread object's file names its
 * D1 thread; the fields are those of checkThreads (last message, activity time, unread per member).
 */
export function threadRowsBehindOnDisk(persistTo) {
  const dir = join(persistTo, "v3", "do", "agora-ChatThread");
  let files = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".sqlite"));
  } catch {
    return 0;
  }
  const d1 = new DatabaseSync(d1File(persistTo), { readOnly: true });
  let behind = 0;
  try {
    for (const f of files) {
      const object = new DatabaseSync(join(dir, f), { readOnly: true });
      try {
        const has = (t) => object.prepare("SELECT 1 FROM sqlite_master WHERE name = ?").get(t);
        if (!has("thread") || !has("messages")) continue;
        const ref = object.prepare("SELECT thread_id, created_at FROM thread").get();
        if (!ref) continue;
        const newest = object
          .prepare("SELECT text, created_at FROM messages WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1")
          .get();
        const row = d1
          .prepare("SELECT last_message_text AS text, last_message_at AS at FROM chat_threads WHERE id = ?")
          .get(ref.thread_id);
        if (!row) continue;
        if ((newest?.text ?? null) !== row.text || (newest?.created_at ?? null) !== row.at) behind++;
        for (const p of object.prepare("SELECT user_id, last_read_id FROM participants").all()) {
          const unread = object
            .prepare(
              "SELECT count(*) AS n FROM messages WHERE id > ? AND sender_id != ? AND deleted_at IS NULL",
            )
            .get(p.last_read_id, p.user_id).n;
          const member = d1
            .prepare(
              "SELECT total_unread_messages AS unread, last_activity_at AS at FROM chat_thread_users WHERE thread_id = ? AND user_id = ?",
            )
            .get(ref.thread_id, p.user_id);
          if (!member) continue;
          if (member.unread !== unread) behind++;
          if (member.at !== (newest?.created_at ?? ref.created_at)) behind++;
        }
      } finally {
        object.close();
      }
    }
  } finally {
    d1.close();
  }
  return behind;
}

/** Every acknowledged message there exactly once: answers {acked, missing, doubled, stored}. */
export async function checkChat(base, world, acked) {
  let missing = 0;
  let doubled = 0;
  const all = new Map();
  for (const pair of world.pairs) {
    const stored = await threadMessages(base, pair.members[0].token, pair.publicId);
    all.set(pair.publicId, stored);
    const byId = new Map();
    const byClient = new Map();
    for (const m of stored) {
      byId.set(m.id, (byId.get(m.id) ?? 0) + 1);
      if (m.client_id)
        byClient.set(
          `${m.message_sender?.username}:${m.client_id}`,
          (byClient.get(`${m.message_sender?.username}:${m.client_id}`) ?? 0) + 1,
        );
    }
    for (const a of acked.filter((x) => x.publicId === pair.publicId)) {
      const n = byId.get(a.id) ?? 0;
      if (n === 0) missing++;
      if (n > 1) doubled++;
    }
    for (const n of byClient.values()) if (n > 1) doubled++;
  }
  return { acked: acked.length, missing, doubled, stored: all };
}

/**
 * One crash: the workload for a random time in [minMs, maxMs], SIGKILL of the server tree while it
 * runs, a restart on the same state, then the checks (the thread rows after up to settleMs). Answers the row of the results table and the
 * new server.
 */
export async function crashOnce({
  server,
  world,
  port,
  persistTo,
  assetsDir,
  run,
  minMs = 3_000,
  maxMs = 8_000,
  settleMs = 30_000,
  minAcked = 0,
}) {
  const workload = startWorkload(server.base, world, { run });
  const killAfter = minMs + Math.random() * (maxMs - minMs);
  await sleep(killAfter);
  // On a loaded machine the chat sockets can still be opening when the time is up: wait (at most
  // 30 s more) until `minAcked` messages are acknowledged, so the kill lands mid-chat.
  for (const until = Date.now() + 30_000; workload.acked.length < minAcked && Date.now() < until; )
    await sleep(100);
  const atKill = { ...workload.stats };
  const inFlightAtKill = atKill.requests - atKill.ok - atKill.failed;
  await killTree(server.pid);
  await workload.stop();
  const threadFieldsBehindAtKill = threadRowsBehindOnDisk(persistTo);
  const restarted = await startServer({
    port,
    persistTo,
    assetsDir,
    seed: false,
    quiet: true,
    migrated: true,
  });
  const counters = checkCounters(persistTo);
  const chat = await checkChat(restarted.base, world, workload.acked);
  // The thread rows D1 keeps are written after each message; one cut off by the kill is written
  // again by the thread's resync alarm after the restart. Wait (up to settleMs) for that.
  const firstLook = await checkThreads(restarted.base, world, chat.stored);
  let threads = firstLook;
  const settleFrom = Date.now();
  while (threads.drift.length > 0 && Date.now() - settleFrom < settleMs) {
    await sleep(500);
    threads = await checkThreads(restarted.base, world, chat.stored);
  }
  const drift = counters.filter((c) => c.drift.length > 0);
  return {
    server: restarted,
    row: {
      run,
      killedAfterMs: Math.round(killAfter),
      requests: atKill.requests,
      ok: atKill.ok,
      inFlightAtKill,
      chatSent: atKill.chatSent,
      chatAcked: chat.acked,
      chatMissing: chat.missing,
      chatDoubled: chat.doubled,
      countersChecked: counters.length,
      countersDrifted: drift.map((d) => `${d.name}×${d.drift.length}`).join(" ") || "0",
      driftDetail: drift,
      threadMembersChecked: threads.members,
      threadFieldsBehindAtKill,
      threadFieldsBehindAtRestart: firstLook.drift.length,
      threadSettledAfterMs: firstLook.drift.length > 0 ? Date.now() - settleFrom : 0,
      threadFieldsDrifted: threads.drift.length,
      threadDriftDetail: threads.drift,
    },
  };
}
