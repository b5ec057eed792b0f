// Starting the whole product the way `bun run dev` does, for the dev command, e2e tests and benches.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { DEVELOPMENT_VARS } from "./dev-settings.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
/** Show everything wrangler and Vite print, not just what a person needs. */
const VERBOSE = Boolean(process.env.AGORA_VERBOSE);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed with ${result.status}`);
}

/**
 * Where a server's SPAs are built. Each kind of run has its own folder, because `bun run dev` reloads
 * the Worker whenever its assets folder changes: a test run building into the folder it serves
 * would drop that server's chat sockets. `dist/client` is the deployed build's.
 */
export const assetsDirFor = (name) => resolve(ROOT, "dist", name);

// Always the production build: called from the e2e setup, vitest's NODE_ENV=test would otherwise
// give React's development build (three times larger, StrictMode's double effects).
const viteEnv = (outDir) => ({ ...process.env, NODE_ENV: "production", AGORA_ASSETS_DIR: outDir });

/** Builds both SPAs into `outDir` (the admin SPA into its `admin/` folder). */
export async function buildSpas({ outDir = assetsDirFor("client") } = {}) {
  const env = viteEnv(outDir);
  for (const app of ["admin", "web"])
    run("vite", ["build", "--config", `${app}/vite.config.ts`, "--logLevel", "warn"], { env, cwd: ROOT });
}

/** What a build of the SPAs reads: their sources, shared/, the lockfile and the compiler settings. */
const BUILD_INPUTS = ["web", "admin", "shared", "package.json", "bun.lock", "tsconfig.base.json"];

/** What the Workers' bundles read. */
const WORKER_INPUTS = [
  "worker/src",
  "worker/renderer",
  "shared",
  "wrangler.toml",
  "package.json",
  "bun.lock",
];

/** Packages, and the temporary files wrangler writes beside a config when it bundles. */
export const IGNORED = /\/(node_modules|\.wrangler)\//;

/** One hash of every file under `inputs` (test files left out: they are not built). */
function sourceHash(inputs) {
  const hash = createHash("sha256");
  const files = inputs.flatMap((entry) => {
    const path = join(ROOT, entry);
    if (!existsSync(path)) return [];
    if (!entry.includes(".")) {
      return readdirSync(path, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && !/\.test\.[jt]sx?$/.test(d.name))
        .map((d) => join(d.parentPath, d.name))
        .filter((f) => !IGNORED.test(f));
    }
    return [path];
  });
  for (const file of files.sort()) hash.update(`${file.slice(ROOT.length)}\0`).update(readFileSync(file));
  return hash.digest("hex");
}

/**
 * Builds both SPAs into `outDir` unless the build there was made from the same sources (the stamp
 * beside it, `<outDir>.stamp`, holds their hash): the size budget and the browser journeys of one
 * `bun run test` share one build, and a rerun with no source change builds nothing.
 * Returns whether it built.
 */
export async function buildSpasOnce({ outDir }) {
  const stamp = `${outDir}.stamp`;
  const want = sourceHash(BUILD_INPUTS);
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === want) return false;
  rmSync(stamp, { force: true });
  // From empty, as in a fresh clone: the main SPA's build keeps what a folder holds (the admin
  // SPA lives inside it), so chunks of older builds would pile up.
  rmSync(outDir, { recursive: true, force: true });
  await buildSpas({ outDir });
  writeFileSync(stamp, `${want}\n`);
  return true;
}

/**
 * Builds both SPAs into `outDir` and rebuilds them when their sources change. Resolves once the
 * first builds are written, so a server started after it sees no change until someone edits a file.
 */
export async function watchSpas({ outDir, onRebuild = () => {} }) {
  const env = { ...viteEnv(outDir), AGORA_WATCH: "1" };
  const children = [];
  const firstBuilds = ["admin", "web"].map(
    (app) =>
      new Promise((done, fail) => {
        const child = spawn("vite", ["build", "--config", `${app}/vite.config.ts`], {
          env,
          cwd: ROOT,
          stdio: ["ignore", "pipe", "pipe"],
        });
        children.push(child);
        let builds = 0;
        const onLine = (line) => {
          if (VERBOSE) console.log(`[${app}] ${line}`);
          else if (/error|warn/i.test(line)) console.error(`[${app}] ${line}`);
          if (/built in/.test(line) && builds++ === 0) done();
          else if (/built in/.test(line)) onRebuild(app);
        };
        createInterface({ input: child.stdout }).on("line", onLine);
        createInterface({ input: child.stderr }).on("line", onLine);
        child.on("exit", (code) => fail(new Error(`vite build --watch (${app}) exited with ${code}`)));
      }),
  );
  await Promise.all(firstBuilds);
  return {
    stop: () => {
      for (const c of children) c.kill("SIGTERM");
    },
  };
}

/** The two Workers: the API (its development entry) and the MJML renderer it reaches by binding. */
export const WORKERS = {
  api: {
    config: "wrangler.toml",
    entry: "worker/src/dev-index.ts",
    sources: ["worker/src", "shared/src"],
    module: "dev-index.js",
  },
  renderer: {
    config: "worker/renderer/wrangler.toml",
    entry: undefined,
    sources: ["worker/renderer"],
    module: "index.js",
  },
};

/**
 * Bundles one Worker into `outDir/<name>` the way a deploy bundles it: `wrangler deploy --dry-run`,
 * its esbuild and its Node.js compatibility layer. The API's entry is the development one (the
 * production Worker plus the demo seed and the e-mail outbox); a deploy builds wrangler.toml's
 * `main`, which has neither. Written beside and then moved in, so a server never reads half a bundle.
 */
export function bundleWorker({ outDir, name }) {
  const { config, entry } = WORKERS[name];
  const target = join(outDir, name);
  const next = `${target}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  // Not minified, unlike a deploy (docs/decisions/155): local stacks and bench/profile read the
  // bundle's module markers. The same esbuild, aliases and compatibility layer otherwise.
  const args = ["deploy", "--dry-run", "--no-minify", "--outdir", next, "-c", config];
  // The SPAs are not part of the bundle: an empty folder stands in for them (a fresh clone has no
  // build), and each server is given its own when it starts.
  const noAssets = `${next}-no-assets`;
  if (entry) mkdirSync(noAssets, { recursive: true });
  const result = spawnSync("wrangler", entry ? [...args, entry, "--assets", noAssets] : args, {
    cwd: ROOT,
    env: { ...process.env, CI: "true", FORCE_COLOR: "0" },
    encoding: "utf8",
  });
  rmSync(noAssets, { recursive: true, force: true });
  if (VERBOSE || result.status !== 0) process.stdout.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.status !== 0) throw new Error(`bundling ${config} failed (exit ${result.status})`);
  rmSync(target, { recursive: true, force: true });
  renameSync(next, target);
}

/** Where the servers of tests and benchmarks take the Workers' bundle from (`bun run dev` has its own). */
export const SERVER_BUNDLE_DIR = resolve(ROOT, "dist", "worker");

/** Bundles the Workers into `outDir` unless the bundle there was made from the same sources. */
export function bundleWorkersOnce({ outDir }) {
  const stamp = `${outDir}.stamp`;
  const want = sourceHash(WORKER_INPUTS);
  const made = Object.entries(WORKERS).every(([name, { module }]) => existsSync(join(outDir, name, module)));
  if (made && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === want) return false;
  rmSync(stamp, { force: true });
  for (const name of Object.keys(WORKERS)) bundleWorker({ outDir, name });
  writeFileSync(stamp, `${want}\n`);
  return true;
}

/** Prints a server's output, line by line. */
function relay(stream, write) {
  createInterface({ input: stream }).on("line", write);
}

async function waitForHealth(base, child, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
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

/** Applies the local D1 migrations with wrangler; prints its output only when they fail. */
function applyMigrations(persistTo) {
  const result = spawnSync(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo],
    {
      cwd: ROOT,
      env: { ...process.env, CI: "true" },
      encoding: "utf8",
    },
  );
  if (VERBOSE || result.status !== 0) process.stdout.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
  if (result.status !== 0) throw new Error(`applying the migrations failed (exit ${result.status})`);
}

/** The local D1 folder of a state directory (the layout `--persist-to` gives). */
const d1Dir = (persistTo) => join(persistTo, "v3", "d1");

/**
 * An empty database wrangler migrated, made once per change of migrations/ (`dist/d1-migrated`):
 * wrangler applies each file in a simulator of its own, about 30 s for all of them, and the journeys
 * and benchmarks start many fresh servers. Returns its state directory.
 */
export function migratedTemplate() {
  const template = resolve(ROOT, "dist", "d1-migrated");
  const stamp = `${template}.stamp`;
  const want = sourceHash(["migrations"]);
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === want && existsSync(d1Dir(template)))
    return template;
  const next = `${template}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  applyMigrations(next);
  rmSync(template, { recursive: true, force: true });
  renameSync(next, template);
  writeFileSync(stamp, `${want}\n`);
  return template;
}

/**
 * Brings the local D1 at `persistTo` up to the migrations: a state without a database gets a copy of
 * `migratedTemplate()`; a database that exists is migrated by wrangler in place.
 */
export function migrate(persistTo) {
  if (existsSync(d1Dir(persistTo))) return applyMigrations(persistTo);
  cpSync(d1Dir(migratedTemplate()), d1Dir(persistTo), { recursive: true });
}

/**
 * Applies migrations to the local D1 at `persistTo`, starts the product on the port serving the SPAs
 * in `assetsDir` (scripts/worker-process.mjs: both Workers in one Miniflare, on the bundles a deploy
 * would make), waits for /api/health, and seeds demo data when `seed` is set (the seed does nothing
 * on a non-empty DB). Links the server writes (e-mails, previews) use its own port unless PUBLIC_URL
 * says otherwise. Every server started here is a development one: it is given
 * ENVIRONMENT=development and the development JWT_SECRET explicitly (scripts/dev-settings.mjs),
 * because wrangler.toml as committed is the production configuration and carries neither. `watch`
 * rebundles and reloads the Worker when its sources change (`bun run dev`).
 */
export async function startServer({
  port,
  persistTo,
  assetsDir = assetsDirFor("client"),
  seed = true,
  vars = {},
  quiet = false,
  // A restart on state this process has just migrated skips the migrations' own wrangler run.
  migrated = false,
  watch = false,
  bundleDir = watch ? resolve(ROOT, "dist", "worker-dev") : SERVER_BUNDLE_DIR,
}) {
  if (!migrated) migrate(persistTo);
  // Servers started together share one bundle, made once per change of the Worker's sources.
  bundleWorkersOnce({ outDir: bundleDir });
  // The API answers without the SPAs (benchmarks); Miniflare only needs the folder to exist. With
  // `assetsDir: null` the Worker is served without the static assets at all (bench/vs-floor).
  if (assetsDir !== null) mkdirSync(assetsDir, { recursive: true });
  const allVars = {
    ...DEVELOPMENT_VARS,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    ...vars,
  };
  const child = spawn("node", [join(ROOT, "scripts/worker-process.mjs")], {
    cwd: ROOT,
    // Its stdin is a pipe from this process: when this process ends, however it ends, the server does.
    stdio: quiet ? ["pipe", "ignore", "ignore"] : ["pipe", "pipe", "pipe"],
    env: {
      ...process.env,
      FORCE_COLOR: "0",
      AGORA_SERVER: JSON.stringify({
        port,
        persistTo: resolve(persistTo),
        assetsDir,
        vars: allVars,
        bundleDir,
        watch,
      }),
    },
  });
  if (!quiet) {
    relay(child.stdout, (line) => {
      if (VERBOSE || !line.startsWith("ready on ")) console.log(line);
    });
    relay(child.stderr, (line) => console.error(line));
  }
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
    /** The server's process id: the crash bench kills it and everything under it with SIGKILL. */
    pid: child.pid,
    stop: () => {
      if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
