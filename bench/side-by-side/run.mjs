#!/usr/bin/env node
// Two builds of Agora side by side on one state (docs/decisions/238, 240): each checkout's server
// (`scripts/server.mjs`, as `bun run dev` serves it, without the assets router) on its own copy of the
// same data, migrated by its own migrations (builds.mjs), every read of every build taking turns in a
// new shuffled order each pass, so whatever else the machine does falls on all of them alike. For a change worth a tenth of a millisecond, which the
// spread between runs of bench:vs-floor hides.
//
//   git worktree add /tmp/before <commit>    (and link or install its node_modules)
//   flock /tmp/agora-heavy.lock node bench/side-by-side/run.mjs [--passes 300] [--only <regex>]
//       [--posts 100000] before=/tmp/before after=.
//
// It loads bench/feed's data (`--posts` posts, 1,000 people, 100 communities, a 5,000-comment thread)
// into a throwaway state once, copies it for each build, then times health, a profile, a post, the
// feed's NEW page 1 and a person's posts, as a visitor and signed in, from D1 (`Cache-Control:
// no-cache`). It prints each read's p50 (client-side, ms) and its bytes per build; `--only` keeps the
// reads whose name matches ("feed|user posts").
import { userToken } from "../live/tokens.mjs";
import { buildsOf, startBuilds } from "./builds.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const PASSES = Number(option("passes", 300));
const POSTS = Number(option("posts", 100_000));
const only = option("only") ? new RegExp(option("only")) : null;
const builds = buildsOf(argv);
if (Object.keys(builds).length < 2)
  throw new Error("usage: run.mjs [--passes N] name=checkout name=checkout ...");

const {
  servers,
  prepared: person,
  stop,
  say,
} = await startBuilds(builds, {
  posts: POSTS,
  label: "side-by-side",
  prepare: (db) => db.prepare("SELECT id FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT 1").get(),
});
try {
  const token = userToken(person.id);
  const sizes = {};
  const get = async (base, path, signed, key) => {
    const headers = { "cache-control": "no-cache" };
    if (signed) headers.authorization = `Bearer ${token}`;
    const at = performance.now();
    const res = await fetch(base + path, { headers });
    const body = await res.text();
    const ms = performance.now() - at;
    if (!res.ok) throw new Error(`${base}${path}: ${res.status} ${body.slice(0, 200)}`);
    sizes[key] = body.length;
    return ms;
  };
  const first = Object.values(servers)[0].base;
  const feed = JSON.parse(await (await fetch(`${first}/api/v1/feed?option=new&limit=10`)).text());
  const post = feed.list[0].micropost;
  const owner = feed.list[0].owner.username;
  const reads = [
    ["health", "/api/health"],
    ["profile", `/api/v1/user?username=${owner}`],
    ["post", `/api/v1/micropost?public_id=${post.public_id}`],
    ["feed new", "/api/v1/feed?option=new&limit=10"],
    ["user posts", `/api/v1/user/micropost/list?username=${owner}&limit=10`],
  ];
  const cases = [];
  for (const [read, path] of reads)
    for (const signed of [false, true])
      for (const [name, server] of Object.entries(servers)) {
        const label = `${read} ${signed ? "signed in" : "visitor"}`;
        if (!only || only.test(label))
          cases.push({ label, name, base: server.base, path, signed, times: [] });
      }
  for (let i = 0; i < 20; i++) for (const c of cases) await get(c.base, c.path, c.signed, c.label + c.name);
  say(`${cases.length} cases, ${PASSES} passes`);
  for (let i = 0; i < PASSES; i++) {
    const order = cases.map((_, n) => n).sort(() => Math.random() - 0.5);
    for (const n of order) {
      const c = cases[n];
      c.times.push(await get(c.base, c.path, c.signed, c.label + c.name));
    }
  }
  const p50 = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log("| read | build | p50 ms | bytes |\n|---|---|---:|---:|");
  for (const c of cases)
    console.log(`| ${c.label} | ${c.name} | ${p50(c.times).toFixed(2)} | ${sizes[c.label + c.name]} |`);
} finally {
  await stop();
}
