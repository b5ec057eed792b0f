// A throwaway Worker whose D1 is a copy of a bench database, for timing statements in workerd's D1
// (bench/comment-sql.mjs, bench/page-sql.mjs): `const d1 = await workerOnCopy(source, name, script)`,
// then POST to `d1.url`, and `await d1.dispose()` when done; `timeInTurns` times cases in shuffled turns.

import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";

/**
 * `script` (a module Worker with `env.DB`) served on a copy of the D1 file `source`; `runtime` may
 * name its `compatibilityDate` and `compatibilityFlags` (bench/content-floor.mjs gives the API
 * Worker's, as bench/floor/start.mjs does).
 */
export async function workerOnCopy(source, name, script, runtime = {}) {
  const dir = `/tmp/${name}-${process.pid}`;
  mkdirSync(dir, { recursive: true });
  const options = convertV4MiniflareOptions({
    host: "127.0.0.1",
    resourcePersistencePath: dir,
    cf: false,
    logRequests: false,
    unsafeObservability: false,
    log: new Log(LogLevel.WARN),
    workers: [
      { name, compatibilityDate: "2025-06-01", ...runtime, modules: true, script, d1Databases: { DB: name } },
    ],
  });
  // A first start makes the database's file where Miniflare keeps it; the copy replaces it.
  let mf = new Miniflare(options);
  await (await mf.getD1Database("DB")).exec("SELECT 1");
  await mf.dispose();
  const target = readdirSync(dir, { recursive: true })
    .map(String)
    .find((f) => f.endsWith("miniflare-D1DatabaseObject"));
  // The database's own file, not the folder's metadata.sqlite.
  const file = readdirSync(join(dir, target)).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  for (const extra of ["-wal", "-shm"]) rmSync(join(dir, target, file + extra), { force: true });
  copyFileSync(source, join(dir, target, file));
  mf = new Miniflare(options);
  const url = await mf.ready;
  return {
    url,
    dispose: async () => {
      await mf.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Times `run(n)` for each of `count` cases `turns` times over, every case once per turn in a new
 * shuffled order (so machine noise falls on all alike); answers each case's times in ms.
 */
export async function timeInTurns(count, turns, run) {
  const times = Array.from({ length: count }, () => []);
  for (let i = 0; i < turns; i++) {
    const order = times.map((_, n) => n).sort(() => Math.random() - 0.5);
    for (const n of order) {
      const at = performance.now();
      await run(n);
      times[n].push(performance.now() - at);
    }
  }
  return times;
}
