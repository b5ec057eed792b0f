#!/usr/bin/env node
// Chat under churn: 100 clients reconnecting at random while sending; no acknowledged message
// lost or doubled, each sender's order kept (churn.mjs says how).
//
//   flock /tmp/agora-heavy.lock bun run bench:chat-churn [--clients 100] [--messages 20] [--drop-ms 2000]
//
// Starts its own server (scripts/server.mjs) on BENCH_PORT (8807) with a throwaway state under /tmp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assetsDirFor } from "../../scripts/server.mjs";
import { killTree, prepare, setUp } from "../crash/crash.mjs";
import { runChurn } from "./churn.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const CLIENTS = Number(args.clients ?? 100);
const MESSAGES = Number(args.messages ?? 20);
const DROP_MS = Number(args["drop-ms"] ?? 2_000);
const THREADS = 10;
const port = Number(process.env.BENCH_PORT ?? 8807);
const persistTo = mkdtempSync(join(tmpdir(), "agora-churn-"));
let server = null;
try {
  const prepared = await prepare({ port, persistTo, assetsDir: assetsDirFor("bench"), people: THREADS * 2 });
  server = prepared.server;
  const world = await setUp(server.base, prepared.names, { threads: THREADS });
  const r = await runChurn(server.base, world, { clients: CLIENTS, messages: MESSAGES, dropMs: DROP_MS });
  console.log(JSON.stringify(r));
  console.log(
    "\n| clients | messages each | seconds | acked | missing | doubled | out of order | unfinished | reconnects | resends | refused frames |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${r.clients} | ${r.messages} | ${r.seconds.toFixed(1)} | ${r.acked} | ${r.missing} | ${r.doubled} | ${r.outOfOrder} | ${r.unfinished} | ${r.reconnects} | ${r.resends} | ${r.refused} |`,
  );
  process.exitCode = r.missing || r.doubled || r.outOfOrder || r.unfinished ? 1 : 0;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  if (server) await killTree(server.pid);
  rmSync(persistTo, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
