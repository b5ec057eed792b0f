#!/usr/bin/env node
// CPU of the workerd process per request for the same answers as K statements in one D1 batch, or
// as one folded statement (docs/decisions/228), on the local runtime with 100,000 rows.
//
//   PATH=$PWD/node_modules/.bin:$PATH node bench/statements/run.mjs [--requests 400] [--rounds 6]
//
// Every variant runs once per round, in the same order, after a warm-up; the figures are each
// variant's CPU ms per request over the rounds, lowest to highest (the machine's noise shows as spread).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { processTree } from "../crash/crash.mjs";
import { createItems } from "../floor/items.mjs";

const argv = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const REQUESTS = arg("requests", 400);
const ROUNDS = arg("rounds", 6);
const VARIANTS = ["/batch?k=1", "/batch?k=8", "/folded?k=8", "/batch?k=14", "/folded?k=14"];

const state = mkdtempSync(join(tmpdir(), "agora-bench-statements-"));
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: Number(process.env.BENCH_PORT ?? 8816),
    cf: false,
    resourcePersistencePath: state,
    log: new Log(LogLevel.WARN),
    workers: [
      {
        name: "statements",
        modules: true,
        scriptPath: new URL("./worker.js", import.meta.url).pathname,
        d1Databases: { DB: "statements" },
        compatibilityDate: "2025-09-01",
      },
    ],
  }),
);
const base = (await mf.ready).href.replace(/\/$/, "");
const db = await mf.getD1Database("DB");
await createItems(db, 100_000);

const workerd = processTree(process.pid).filter((pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "workerd";
  } catch {
    return false;
  }
});
if (workerd.length === 0) throw new Error("no workerd process found to meter");
const cpuMs = () =>
  workerd.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);

async function run(path) {
  for (let i = 0; i < 50; i++) await (await fetch(`${base}${path}&below=${90000 - i}`)).text();
  const before = cpuMs();
  for (let i = 0; i < REQUESTS; i++) await (await fetch(`${base}${path}&below=${90000 - (i % 5000)}`)).text();
  return (cpuMs() - before) / REQUESTS;
}

const figures = new Map(VARIANTS.map((v) => [v, []]));
for (let round = 0; round < ROUNDS; round++) for (const v of VARIANTS) figures.get(v).push(await run(v));
await mf.dispose();
rmSync(state, { recursive: true, force: true });
console.log(`CPU ms per request of the workerd process, ${ROUNDS} rounds of ${REQUESTS}, lowest to highest:`);
for (const [v, list] of figures) {
  const sorted = list.sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${v.padEnd(13)} median ${median.toFixed(2)}  ${sorted.map((x) => x.toFixed(2)).join(" ")}`);
}
