#!/usr/bin/env node
// `bun run dev`: install what is missing, migrate the local D1, build both SPAs, serve everything on
// one port, seed demo data into an empty database. Works without a TTY. PORT overrides 8787.
import { assetsDirFor, buildSpas, startServer, watchSpas } from "./server.mjs";
import { ensurePackages } from "./setup.mjs";

ensurePackages();

const port = Number(process.env.PORT ?? 8787);
const watch = !process.argv.includes("--no-watch") && !process.env.CI;
const outDir = assetsDirFor("dev");

console.log("Building the main and admin sites…");
// Watching builds once up front, so the server starts on finished assets and reloads only when a
// source file is edited afterwards.
let watcher = { stop: () => {} };
if (watch)
  watcher = await watchSpas({
    outDir,
    onRebuild: (app) => console.log(`↻ The ${app} site's source changed: rebuilt.`),
  });
else await buildSpas({ outDir });

// PERSIST_TO lets several dev servers run side by side, each on its own local database.
const server = await startServer({
  port,
  persistTo: process.env.PERSIST_TO ?? ".wrangler/state",
  assetsDir: outDir,
  seed: true,
  // An edit to the Worker's sources rebundles and reloads it; a rebuild of the SPAs is served.
  watch,
});

const base = `http://localhost:${port}`;
console.log(`
Agora is running on ${base}
  main site   ${base}/
  admin site  ${base}/admin/   admin / ${process.env.ADMIN_PASSWORD ? "(ADMIN_PASSWORD)" : "agora-admin"}
  API docs    ${base}/api/docs
  e-mails     ${base}/api/dev/outbox?to=EMAIL
Demo people (password "password"): alice (staff), bruno, carmen, dev, edgeworks, farah, gus, hana.
Payments and the wallet say "not configured" until their provider keys are set (README).
`);

const stop = () => {
  watcher.stop();
  server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
