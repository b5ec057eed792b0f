#!/usr/bin/env node
// `bun run dev`: migrate the local D1, build both SPAs, serve everything on one port, seed demo
// data into an empty database. Works without a TTY. PORT overrides 8787.
import { spawn } from "node:child_process";
import { buildSpas, startServer } from "./server.mjs";

const port = Number(process.env.PORT ?? 8787);
const watch = !process.argv.includes("--no-watch") && !process.env.CI;

await buildSpas();
// PERSIST_TO lets several dev servers run side by side, each on its own local database.
const server = await startServer({
  port,
  persistTo: process.env.PERSIST_TO ?? ".wrangler/state",
  seed: true,
});
console.log(
  `\nAgora is running on http://localhost:${port}  (admin: http://localhost:${port}/admin/, API docs: /api/docs)\n`,
);

// Rebuild the SPAs on change; wrangler reloads the Worker by itself.
const watchers = watch
  ? ["web", "admin"].map((app) =>
      spawn("vite", ["build", "--watch", "--config", `${app}/vite.config.ts`, "--logLevel", "warn"], {
        stdio: "inherit",
      }),
    )
  : [];

const stop = () => {
  for (const w of watchers) w.kill("SIGTERM");
  server.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
