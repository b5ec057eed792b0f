// The floor Worker (bench/floor/worker.js) served by Miniflare the way bench:vs-floor and
// bench/answer-encoding.mjs serve it: the API Worker's compatibility date and flags, its D1 holding
// `items` rows (bench/floor/items.mjs) and the `events` table its /event writes.
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { createItems } from "./items.mjs";

const ROOT = new URL("../..", import.meta.url).pathname;

/** Starts the floor on `port`, its state under `persistTo`; answers the Miniflare and its base URL. */
export async function startFloorWorker({ port, persistTo, items, inspectorPort }) {
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      ...(inspectorPort ? { inspectorPort } : {}),
      resourcePersistencePath: persistTo,
      // As scripts/worker-process.mjs runs Agora: no request.cf, no request log, no trace collector.
      cf: false,
      logRequests: false,
      unsafeObservability: false,
      log: new Log(LogLevel.WARN),
      workers: [
        {
          name: "floor",
          compatibilityDate: config.compatibility_date,
          compatibilityFlags: config.compatibility_flags,
          modules: true,
          scriptPath: new URL("./worker.js", import.meta.url).pathname,
          d1Databases: { DB: "floor" },
          durableObjects: { BOX: { className: "Box", useSQLite: true } },
        },
      ],
    }),
  );
  const base = (await mf.ready).href.replace(/\/$/, "");
  const db = await mf.getD1Database("DB");
  await db.exec("CREATE TABLE events (id INTEGER PRIMARY KEY, to_name TEXT NOT NULL, at INTEGER NOT NULL)");
  await createItems(db, items);
  return { mf, base };
}
