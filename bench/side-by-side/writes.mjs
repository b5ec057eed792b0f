#!/usr/bin/env node
// What one write costs two builds of Agora, side by side on one state (docs/decisions/241): each
// checkout's server on its own copy of bench/feed's data (migrated by its own migrations on start),
// votes or follows sent to each in turns of `--each` writes (four at a time), who goes first changing
// every turn. For each build, the median over the turns (the first two left out) of the workerd
// process's CPU ms, write system calls and KB of file pages dirtied per write (/proc, as bench:vs-floor
// reads them): work done rather than time waited, so a change of a page or two shows.
//
//   git worktree add /tmp/before <commit>    (and link or install its node_modules)
//   flock /tmp/agora-heavy.lock node bench/side-by-side/writes.mjs [--write vote|follow] [--turns 12]
//       [--each 300] [--posts 100000] before=/tmp/before after=.
//
// Votes toggle: 200 people, each vote on one of the 400 newest posts in turn. Follows: each of 200
// people follows the next ones in turn (never the same pair twice); the people are a year old and of
// the most trusted level, so no daily allowance refuses them.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { killTree } from "../crash/crash.mjs";
import { d1File, loadFeedData } from "../feed/load.mjs";
import { userToken } from "../live/tokens.mjs";
import { cpuMs, ioOf, workerdUnder } from "../profile/proc.mjs";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
};
const WRITE = option("write", "vote");
const TURNS = Number(option("turns", 12));
const EACH = Number(option("each", 300));
const POSTS = Number(option("posts", 100_000));
const PEOPLE = 200;
const builds = Object.fromEntries(
  argv
    .filter((a) => a.includes("=") && !a.startsWith("--"))
    .map((a) => a.split("=").map((p, i) => (i ? resolve(p) : p))),
);
if (Object.keys(builds).length < 2 || !["vote", "follow"].includes(WRITE))
  throw new Error("usage: writes.mjs [--write vote|follow] name=checkout name=checkout ...");

const say = (text) => console.error(`[side-by-side writes] ${text}`);
const state = mkdtempSync(join(tmpdir(), "agora-side-by-side-writes-"));
const servers = {};
try {
  const [firstName, firstTree] = Object.entries(builds)[0];
  const { startServer: startFirst } = await import(join(firstTree, "scripts/server.mjs"));
  const source = join(state, "source");
  say(`${firstName}: migrations and demo data, then ${POSTS.toLocaleString()} posts`);
  const seeding = await startFirst({
    port: 8861,
    persistTo: source,
    assetsDir: null,
    seed: true,
    quiet: true,
  });
  await killTree(seeding.pid);
  loadFeedData(d1File(source), { posts: POSTS, log: () => {} });
  const db = new DatabaseSync(d1File(source));
  const now = Date.now();
  db.exec(
    `UPDATE users SET created_at = ${now - 365 * 86_400_000}, trust_level = 2, trust_level_at = ${now}
     WHERE username LIKE 'bench%'`,
  );
  const people = db
    .prepare(`SELECT id, username FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT ${PEOPLE}`)
    .all()
    .map((p) => ({ username: p.username, token: userToken(p.id) }));
  const posts = db
    .prepare("SELECT public_id FROM microposts WHERE is_draft = 0 ORDER BY id DESC LIMIT 400")
    .all()
    .map((r) => r.public_id);
  db.close();

  let port = 8862;
  for (const [name, tree] of Object.entries(builds)) {
    const { startServer } = await import(join(tree, "scripts/server.mjs"));
    const dir = join(state, name);
    cpSync(source, dir, { recursive: true });
    say(`${name}: starting ${tree} (its migrations run on the copy)`);
    const server = await startServer({
      port: port++,
      persistTo: dir,
      assetsDir: null,
      seed: false,
      quiet: true,
    });
    servers[name] = { ...server, pids: workerdUnder(server.pid), sent: 0 };
  }

  const send = async (server) => {
    const i = server.sent++;
    const res =
      WRITE === "vote"
        ? await fetch(
            `${server.base}/api/v1/private/user/micropost/vote?public_id=${posts[(i * 7919) % posts.length]}`,
            {
              method: "PATCH",
              headers: { authorization: `Bearer ${people[i % PEOPLE].token}` },
            },
          )
        : await fetch(
            `${server.base}/api/v1/private/user/follow?username=${people[(i + 1 + Math.floor(i / PEOPLE)) % PEOPLE].username}`,
            { method: "POST", headers: { authorization: `Bearer ${people[i % PEOPLE].token}` } },
          );
    const body = await res.text();
    if (!res.ok) throw new Error(`${WRITE}: ${res.status} ${body.slice(0, 200)}`);
  };
  const results = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (let turn = 0; turn < TURNS; turn++) {
    const names = Object.keys(servers);
    for (const name of turn % 2 ? names.reverse() : names) {
      const server = servers[name];
      const cpu0 = cpuMs(server.pids);
      const io0 = ioOf(server.pids);
      for (let k = 0; k < EACH; k += 4)
        await Promise.all([send(server), send(server), send(server), send(server)]);
      const io = ioOf(server.pids);
      if (turn >= 2)
        results[name].push({
          cpu: (cpuMs(server.pids) - cpu0) / EACH,
          writes: (io.writes - io0.writes) / EACH,
          kb: (io.dirtied - io0.dirtied) / 1024 / EACH,
        });
    }
    say(`turn ${turn + 1} of ${TURNS}`);
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(`| ${WRITE} | build | CPU ms | write calls | KB of pages dirtied |\n|---|---|---:|---:|---:|`);
  for (const [name, list] of Object.entries(results))
    console.log(
      `| ${WRITE} | ${name} | ${median(list.map((r) => r.cpu)).toFixed(2)} | ${median(list.map((r) => r.writes)).toFixed(1)} | ${median(list.map((r) => r.kb)).toFixed(1)} |`,
    );
} finally {
  for (const server of Object.values(servers)) await killTree(server.pid);
  rmSync(state, { recursive: true, force: true });
}
