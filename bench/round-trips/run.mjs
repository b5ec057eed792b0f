#!/usr/bin/env node
// D1 round trips of every read and of each write a person makes, against the server `bun run dev`
// runs (its own throwaway state with the demo data), as the API's `X-D1-Calls` and `X-D1-Statements`
// headers report them (development only). The goal: every read one round trip, for visitors and
// signed-in people; a social write (a post, a follow, a vote, a comment) two at most.
//
//   bun run bench:round-trips [--all]
//
// Reads: every GET of the API description but the staff site's (/api/admin/…), each as a visitor
// (public paths) and signed in, with keys naming something the demo data or this run made, each
// twice: the second is judged, the first shown beside it (an isolate's first read of a person's
// COMMUNITIES or FOLLOWING feed reads their sources in a round trip of its own, docs/decisions/220).
// Writes: each in the order a person would make them, every one answered 2xx (a refusal stops the
// run). A 503 is a provider this set-up has not configured (payments, Google sign-in), not a failure.
// The table lists the writes and the reads over one round trip (all reads with --all); the last
// line is
//   round trips: reads N (max M), writes N (max M; follow, vote, comment, post max K), over the goal J
// and the exit code is 1 when something is over the goal (a read over one round trip, one of the
// social writes over two, or a 5xx other than 503). worker/test/round-trips.test.ts holds the same
// bounds in the test run; this shows them on a running server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startServer } from "../../scripts/server.mjs";
import { addPeople, killTree } from "../crash/crash.mjs";
import { d1File } from "../feed/load.mjs";
import { userToken } from "../live/tokens.mjs";

const ALL = process.argv.includes("--all");
const PORT = Number(process.env.BENCH_PORT ?? 8819);
const say = (text) => console.error(`[round-trips] ${text}`);

const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-round-trips-"));
say(`state in ${state}: migrations, the bundle and the demo data`);
let server = await startServer({ port: PORT, persistTo: state, assetsDir: null, seed: true, quiet: true });
await killTree(server.pid);
const [ada, bob] = addPeople(state, 2, "trips");
const db = new DatabaseSync(d1File(state));
const idOf = (username) => db.prepare("SELECT id FROM users WHERE username = ?").get(username).id;
const people = {
  ada: { username: ada, token: userToken(idOf(ada)) },
  bob: { username: bob, token: userToken(idOf(bob)) },
};
const owned = (table) =>
  db.prepare(`SELECT u.username, t.slug FROM ${table} t JOIN users u ON u.id = t.owner_id LIMIT 1`).get();
const job = owned("jobs");
const service = owned("services");
const blog = db.prepare("SELECT slug FROM blog_posts WHERE published_at IS NOT NULL LIMIT 1").get();
db.close();
server = await startServer({
  port: PORT,
  persistTo: state,
  assetsDir: null,
  seed: false,
  quiet: true,
  migrated: true,
});
const base = server.base;

const rows = [];
/** The writes goal 2 names: two round trips at most. */
const SOCIAL = new Set(["a post", "follow", "vote", "a comment", "a reply"]);
/** One request: its status, round trips and statements, kept for the table (a read asked twice). */
async function call(kind, label, path, { who, method = "GET", json, form } = {}) {
  const first = kind === "read" ? await ask(path, { who, method }) : null;
  const { res, text } = await ask(path, { who, method, json, form });
  const row = {
    kind,
    label,
    as: who ? "signed in" : "visitor",
    status: res.status,
    calls: Number(res.headers.get("x-d1-calls") ?? Number.NaN),
    firstCalls: first ? Number(first.res.headers.get("x-d1-calls") ?? Number.NaN) : null,
    statements: Number(res.headers.get("x-d1-statements") ?? Number.NaN),
  };
  rows.push(row);
  if (kind === "write" && !res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function ask(path, { who, method, json, form }) {
  const headers = {};
  if (who) headers.authorization = `Bearer ${who.token}`;
  let body;
  if (json) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(json);
  } else if (form) {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  return { res, text: await res.text() };
}

// ----- Writes, as a person makes them -----
const { ada: a, bob: b } = people;
const v1 = "/api/v1/private/user";
const community = `trips${Date.now().toString(36)}`;
await call("write", "a new community", `${v1}/community`, {
  who: a,
  method: "POST",
  form: { name: community },
});
await call("write", "join a community", `${v1}/community/join?name=${community}`, { who: b, method: "POST" });
const post = await call("write", "a post", `${v1}/micropost`, {
  who: a,
  method: "POST",
  form: { title: "Round trips", body: `<p>Counted for @${b.username}</p>`, community_name: community },
});
await call("write", "edit a post", `${v1}/micropost`, {
  who: a,
  method: "PATCH",
  json: { public_id: post.public_id, body: "<p>Counted again</p>" },
});
await call("write", "follow", `${v1}/follow?username=${a.username}`, { who: b, method: "POST" });
await call("write", "vote", `${v1}/micropost/vote?public_id=${post.public_id}`, { who: b, method: "PATCH" });
const comment = await call("write", "a comment", `${v1}/micropost/comment`, {
  who: b,
  method: "POST",
  json: { parent_micropost_public_id: post.public_id, body: "A comment to count" },
});
await call("write", "a reply", `${v1}/micropost/comment`, {
  who: a,
  method: "POST",
  json: {
    parent_micropost_public_id: post.public_id,
    parent_micropost_comment_public_id: comment.public_id,
    body: "A reply to count",
  },
});
await call("write", "edit a comment", `${v1}/micropost/comment`, {
  who: b,
  method: "PATCH",
  json: { public_id: comment.public_id, body: "A comment counted twice" },
});
const reaction = { target_type: "COMMENT", public_id: comment.public_id, emoji: "👍" };
await call("write", "a reaction", `${v1}/reaction`, { who: a, method: "PUT", json: reaction });
await call("write", "take a reaction back", `${v1}/reaction`, { who: a, method: "DELETE", json: reaction });
await call("write", "save a post", `${v1}/micropost/bookmark?public_id=${post.public_id}`, {
  who: b,
  method: "PATCH",
});
const draft = await call("write", "a draft", `${v1}/micropost`, {
  who: a,
  method: "POST",
  form: { title: "A draft", body: "<p>Words</p>", community_name: community, is_draft: "true" },
});
await call("write", "save a draft", `${v1}/micropost/draft`, {
  who: a,
  method: "PATCH",
  form: {
    public_id: draft.public_id,
    title: "A draft, longer",
    body: "<p>More words</p>",
    community_name: community,
  },
});
await call("write", "publish a draft", `${v1}/micropost/draft/publish`, {
  who: a,
  method: "PATCH",
  form: { public_id: draft.public_id },
});
const thread = await call("write", "start a chat", `${v1}/chat/thread`, {
  who: a,
  method: "POST",
  json: { username: b.username },
});
await call("write", "mute a phrase", `${v1}/filter`, {
  who: b,
  method: "POST",
  json: { phrase: "zebra", whole_word: true, contexts: ["FEED"], expires_at: null },
});
await call("write", "edit one's profile", `${v1}/profile`, {
  who: b,
  method: "PATCH",
  form: { profile_name: "Bob Trips" },
});
await call("write", "mark notifications read", `${v1}/notification/read`, {
  who: a,
  method: "PATCH",
  form: {},
});
await call("write", "a report", `${v1}/report`, {
  who: b,
  method: "POST",
  form: {
    report_cause: "SPAM",
    text: "x".repeat(40),
    link: `/c/${community}/p/${post.public_id}/round-trips`,
  },
});
await call("write", "feedback", `${v1}/feedback`, {
  who: b,
  method: "POST",
  form: { feedback_type: "SUGGESTION", text: "A larger font for the comments on phones, please" },
});
const feed = await call("write", "a custom feed", `${v1}/feed`, {
  who: a,
  method: "POST",
  json: { name: "Trips", is_public: true, communities: [{ name: community }] },
});

// ----- Reads: every GET of the API description -----
const doc = await (await fetch(`${base}/api/openapi.json`)).json();
const query = `name=${community}&public_id=${post.public_id}&post_public_id=${post.public_id}&username=${a.username}&q=round&target_type=POST&emoji=%F0%9F%91%8D&id=${feed.id}`;
const own = {
  "/api/v1/connections": [`username=${a.username}&type=followers`, `username=${b.username}&type=following`],
  "/api/v1/micropost/comment/history": [`public_id=${comment.public_id}`],
  "/api/v1/private/user/chat/thread": [`public_id=${thread.public_id}`],
  "/api/v1/private/user/chat/thread/personal": [`username=${b.username}`],
  "/api/v1/private/user/chat/thread/user/list": [`public_id=${thread.public_id}`],
  "/api/v1/private/user/chat/thread/message/list": [`public_id=${thread.public_id}`],
  "/api/v1/search": [
    "type=posts&q=round",
    "type=comments&q=comment",
    `type=users&q=${a.username}`,
    "type=jobs&q=engineer",
    "type=services&q=logo",
  ],
  "/api/v1/feed": ["option=NEW", "option=TOP", "option=HOT", "option=COMMUNITIES"],
  ...(blog ? { "/api/v1/blog": [`slug=${blog.slug}`] } : {}),
  ...(job ? { "/api/v1/job": [`username=${job.username}&slug=${job.slug}`] } : {}),
  ...(service ? { "/api/v1/service": [`username=${service.username}&slug=${service.slug}`] } : {}),
};
for (const path of Object.keys(doc.paths)
  .filter((p) => doc.paths[p].get && !p.startsWith("/api/admin/"))
  .sort()) {
  const callers = path.includes("/private/") ? [a] : [undefined, a];
  for (const keys of own[path] ?? [query])
    for (const who of callers)
      await call("read", `${path}?${keys.split("&")[0]}`, `${path}?${keys}`, { who });
}
await killTree(server.pid);
rmSync(state, { recursive: true, force: true });

// ----- The table -----
const failed = (r) => r.status >= 500 && r.status !== 503;
const over = (r) => (r.kind === "read" ? r.calls > 1 : SOCIAL.has(r.label) && r.calls > 2) || failed(r);
const shown = rows.filter(
  (r) => r.kind === "write" || ALL || over(r) || r.calls > 1 || (r.firstCalls ?? 0) > 1,
);
console.log(
  "| kind | request | as | status | X-D1-Calls | first time | X-D1-Statements |\n|---|---|---|---:|---:|---:|---:|",
);
for (const r of shown)
  console.log(
    `| ${r.kind} | ${r.label} | ${r.as} | ${r.status} | ${r.calls}${over(r) ? " (over)" : ""} | ${r.firstCalls ?? "–"} | ${r.statements} |`,
  );
const reads = rows.filter((r) => r.kind === "read");
const writes = rows.filter((r) => r.kind === "write");
const max = (list) => Math.max(...list.map((r) => r.calls));
const unconfigured = reads.filter((r) => r.status === 503).map((r) => `${r.label} (${r.as})`);
console.log(
  `\n${reads.length} reads: ${reads.filter((r) => r.status === 200).length} answered 200, ${unconfigured.length} 503 (not configured here: ${[...new Set(unconfigured.map((u) => u.split("?")[0]))].join(", ") || "none"}), ${reads.filter(failed).length} other 5xx. ${writes.length} writes.`,
);
const overCount = rows.filter(over).length;
console.log(
  `round trips: reads ${reads.length} (max ${max(reads)}), writes ${writes.length} (max ${max(writes)}; follow, vote, comment, post max ${max(writes.filter((r) => SOCIAL.has(r.label)))}), over the goal ${overCount}`,
);
process.exit(overCount ? 1 : 0);
