// Starting the whole product the way `bun run dev` does, for the dev command, e2e tests and benches.
import { spawn, spawnSync } from "node:child_process";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
}

export async function buildSpas() {
  // Always the production build: called from the e2e setup, vitest's NODE_ENV=test would otherwise
  // give React's development build (three times larger, StrictMode's double effects).
  const env = { ...process.env, NODE_ENV: "production" };
  run("vite", ["build", "--config", "admin/vite.config.ts", "--logLevel", "warn"], { env });
  run("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { env });
}

async function waitForHealth(base, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server did not answer ${base}/api/health within ${timeoutMs / 1000}s`);
}

/**
 * Applies migrations to the local D1 at `persistTo`, starts `wrangler dev` on the port, waits for
 * /api/health, and seeds demo data when `seed` is set (the seed does nothing on a non-empty DB).
 */
export async function startServer({ port, persistTo, seed = true, vars = {}, quiet = false }) {
  run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], {
    env: { ...process.env, CI: "true" },
    stdio: quiet ? "ignore" : "inherit",
  });
  const varArgs = Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]);
  const child = spawn(
    "wrangler",
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      ...varArgs,
    ],
    {
      stdio: quiet ? "ignore" : ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        FORCE_COLOR: "0",
        // wrangler's local trace collector records every invocation (each chat frame is one) and
        // writes them out in bursts on the thread that runs the app: a busy chat thread stalled
        // for up to 0.9 s. Off unless asked for (ADR 011); it is a dev tool, not the product.
        X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? "false",
      },
    },
  );
  const base = `http://localhost:${port}`;
  await waitForHealth(base, child);
  if (seed) {
    const res = await fetch(`${base}/api/dev/seed`, { method: "POST" });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`seeding failed: ${res.status} ${JSON.stringify(body)}`);
    if (!quiet) console.log(body.seeded ? "Seeded demo data." : "Demo data already present.");
  }
  return {
    base,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
