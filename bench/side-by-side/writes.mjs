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
import { userToken } from "../live/tokens.mjs";
import { cpuMs, ioOf } from "../profile/proc.mjs";
import { buildsOf, startBuilds } from "./builds.mjs";

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
const builds = buildsOf(argv);
if (Object.keys(builds).length < 2 || !["vote", "follow"].includes(WRITE))
  throw new Error("usage: writes.mjs [--write vote|follow] name=checkout name=checkout ...");

const { servers, prepared, stop, say } = await startBuilds(builds, {
  posts: POSTS,
  label: "side-by-side writes",
  port: 8861,
  prepare: (db) => {
    const now = Date.now();
    db.exec(
      `UPDATE users SET created_at = ${now - 365 * 86_400_000}, trust_level = 2, trust_level_at = ${now}
       WHERE username LIKE 'bench%'`,
    );
    return {
      people: db
        .prepare(`SELECT id, username FROM users WHERE username LIKE 'bench%' ORDER BY id LIMIT ${PEOPLE}`)
        .all()
        .map((p) => ({ username: p.username, token: userToken(p.id) })),
      posts: db
        .prepare("SELECT public_id FROM microposts WHERE is_draft = 0 ORDER BY id DESC LIMIT 400")
        .all()
        .map((r) => r.public_id),
    };
  },
});
const { people, posts } = prepared;
const sent = Object.fromEntries(Object.keys(servers).map((name) => [name, 0]));
try {
  const send = async (name) => {
    const server = servers[name];
    const i = sent[name]++;
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
      for (let k = 0; k < EACH; k += 4) await Promise.all([send(name), send(name), send(name), send(name)]);
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
  await stop();
}
