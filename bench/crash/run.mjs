#!/usr/bin/env node
// Crash consistency: concurrent votes, joins/leaves, follows/unfollows, comments and chat sends;
// SIGKILL of the server's process tree mid-flight; restart on the same state; then every counter
// column against a count of its rows (read straight from the local D1 file with node:sqlite) and
// every acknowledged chat message stored exactly once (read back through the API), and each
// thread's D1 rows (every member's unread count, the last message, the activity time) against the
// messages its Durable Object holds.
//
//   flock /tmp/agora-heavy.lock bun run bench:crash [--runs 10] [--people 30] [--threads 8]
//
// Starts its own server (scripts/server.mjs) on BENCH_PORT (8806) with a throwaway state directory
// under /tmp, and stops it at the end. Exit code 1 when any run found drift, a lost or a doubled
// message, or a thread row still behind its messages 30 s after the restart. The checks are listed in one place: COUNTER_CHECKS in crash.mjs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assetsDirFor } from "../../scripts/server.mjs";
import { checkCounters, crashOnce, killTree, prepare, setUp } from "./crash.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const RUNS = Number(args.runs ?? 10);
const PEOPLE = Number(args.people ?? 30);
const THREADS = Number(args.threads ?? 8);
const port = Number(process.env.BENCH_PORT ?? 8806);
const assetsDir = assetsDirFor("bench");
const persistTo = mkdtempSync(join(tmpdir(), "agora-crash-"));

let server = null;
const rows = [];
try {
  const prepared = await prepare({ port, persistTo, assetsDir, people: PEOPLE });
  server = prepared.server;
  const world = await setUp(server.base, prepared.names, { threads: THREADS });
  const before = checkCounters(persistTo).filter((c) => c.drift.length > 0);
  if (before.length > 0) console.log("drift before any kill:", JSON.stringify(before));
  for (let run = 1; run <= RUNS; run++) {
    const result = await crashOnce({ server, world, port, persistTo, assetsDir, run });
    server = result.server;
    rows.push(result.row);
    const { driftDetail, threadDriftDetail, ...row } = result.row;
    console.log(JSON.stringify(row));
    if (driftDetail.length > 0) console.log("  drift:", JSON.stringify(driftDetail).slice(0, 2000));
    if (threadDriftDetail.length > 0)
      console.log("  thread drift:", JSON.stringify(threadDriftDetail).slice(0, 2000));
  }
  console.log(
    `\n${PEOPLE} people, ${world.pairs.length} chat threads (2 senders each), state ${persistTo}\n`,
  );
  console.log(
    "| run | killed after ms | requests | ok | in flight at kill | chat sent | chat acked | missing | doubled | counters checked | drifted | thread members checked | thread fields behind at kill | behind at first look after restart | settled after ms | thread fields drifted |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${r.run} | ${r.killedAfterMs} | ${r.requests} | ${r.ok} | ${r.inFlightAtKill} | ${r.chatSent} | ${r.chatAcked} | ${r.chatMissing} | ${r.chatDoubled} | ${r.countersChecked} | ${r.countersDrifted} | ${r.threadMembersChecked} | ${r.threadFieldsBehindAtKill} | ${r.threadFieldsBehindAtRestart} | ${r.threadSettledAfterMs} | ${r.threadFieldsDrifted} |`,
    );
  const bad = rows.filter(
    (r) => r.chatMissing || r.chatDoubled || r.countersDrifted !== "0" || r.threadFieldsDrifted > 0,
  );
  console.log(bad.length === 0 ? "\nAll runs consistent." : `\n${bad.length} run(s) inconsistent.`);
  process.exitCode = bad.length === 0 && rows.length === RUNS ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (server) await killTree(server.pid);
  rmSync(persistTo, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
