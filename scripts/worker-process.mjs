#!/usr/bin/env node
// One local server of the product: the API Worker (with the SPAs as its static assets) and the MJML
// renderer it reaches through its service binding, in one Miniflare, on the bundles `wrangler deploy
// --dry-run` makes (scripts/server.mjs `bundleWorker`). Bindings come from the two wrangler.toml
// files, read by wrangler itself; state lives where `wrangler d1 migrations apply --persist-to`
// writes it. Started as a process of its own by `startServer` (scripts/server.mjs), so a crash test
// can kill it. For `bun run dev` it watches: an edit to the Worker's sources rebundles and reloads it
// in place (docs/decisions/123).
import { existsSync, readdirSync, statSync, watch } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_getVarsForDev, unstable_readConfig } from "wrangler";
import { bundleWorker, IGNORED, WORKERS } from "./server.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const settings = JSON.parse(process.env.AGORA_SERVER ?? "{}");
const { port, persistTo, assetsDir, vars, bundleDir, watch: watching } = settings;

/**
 * The API Worker's variables as `wrangler dev` gives them: wrangler.toml's `[vars]`, then the local
 * secrets of `.dev.vars` (or `.env`), then what the caller passes (the development settings, the
 * tests' stand-ins).
 */
function apiVars() {
  const config = unstable_readConfig({ config: join(ROOT, "wrangler.toml") });
  const local = unstable_getVarsForDev(config.configPath, undefined, config.vars, undefined, true);
  return { ...Object.fromEntries(Object.entries(local).map(([name, v]) => [name, v.value])), ...vars };
}

/** The options Miniflare runs both Workers with: wrangler's reading of each config, our bundle. */
const options = () => convertV4MiniflareOptions(v4Options());

function v4Options() {
  const api = unstable_getMiniflareWorkerOptions(join(ROOT, "wrangler.toml"), undefined, {
    overrides: assetsDir === null ? {} : { assets: { directory: assetsDir } },
  }).workerOptions;
  const renderer = unstable_getMiniflareWorkerOptions(
    join(ROOT, "worker/renderer/wrangler.toml"),
  ).workerOptions;
  // Each bundle is one module: the rules for loading other files from disk have nothing to do.
  const { rootPath: _api, modulesRules: _apiRules, ...apiOptions } = api;
  // The API alone (bench/vs-floor): no local stand-in for Cloudflare's static-assets router in front
  // of the Worker, as the floor Worker it is compared with has none (docs/decisions/229).
  if (assetsDir === null) delete apiOptions.assets;
  const { rootPath: _renderer, modulesRules: _rendererRules, ...rendererOptions } = renderer;
  return {
    host: "127.0.0.1",
    port,
    // Where `wrangler dev --persist-to` and `wrangler d1 migrations apply --persist-to` keep state.
    resourcePersistencePath: join(persistTo, "v3"),
    // `request.cf` is not fetched from workers.cloudflare.com (offline; the product does not read it).
    cf: false,
    // Cron handlers on demand at /cdn-cgi/handler/scheduled, as `wrangler dev` offers them.
    unsafeTriggerHandlers: true,
    // The local trace collector stalls busy chat threads (docs/decisions/011): off unless asked for.
    unsafeObservability: process.env.X_LOCAL_OBSERVABILITY === "true",
    logRequests: false,
    // DevTools (chrome://inspect, or a CPU profile over the protocol) on this port when asked for:
    // `AGORA_INSPECTOR_PORT=9229 bun run dev`. Off by default: the runtime is slower with it.
    ...(process.env.AGORA_INSPECTOR_PORT ? { inspectorPort: Number(process.env.AGORA_INSPECTOR_PORT) } : {}),
    log: new Log(process.env.AGORA_VERBOSE ? LogLevel.DEBUG : LogLevel.WARN),
    handleStructuredLogs: ({ level, message }) =>
      (level === "error" ? console.error : level === "warn" ? console.warn : console.log)(message),
    workers: [
      {
        ...apiOptions,
        name: "agora",
        modules: true,
        scriptPath: join(bundleDir, "api", WORKERS.api.module),
        bindings: { ...apiOptions.bindings, ...apiVars() },
      },
      {
        ...rendererOptions,
        name: "agora-mjml",
        modules: true,
        scriptPath: join(bundleDir, "renderer", WORKERS.renderer.module),
      },
    ],
  };
}

const mf = new Miniflare(options());
await mf.ready;
console.log(`ready on http://127.0.0.1:${port}`);

if (watching) {
  // inotify, not polling: an idle server costs nothing. Edits arrive in bursts (a save, a branch
  // switch, a build of the SPAs), so a reload waits for 200 ms of quiet. An edit to a Worker's
  // sources or config rebundles that Worker; a new build of the SPAs only reloads, for the new files
  // to be served.
  let timer;
  const dirty = new Set();
  let running = Promise.resolve();
  const reload = () => {
    const names = [...dirty];
    dirty.clear();
    running = running.then(async () => {
      try {
        for (const name of names) bundleWorker({ outDir: bundleDir, name });
        await mf.setOptions(options());
        if (names.length) console.log("↻ The Worker's source changed: reloaded.");
      } catch (error) {
        console.error(`The Worker did not build: ${error.message}`);
      }
    });
  };
  const onChange = (name) => (_event, file) => {
    if (file && IGNORED.test(`/${file}/`)) return;
    if (name) dirty.add(name);
    clearTimeout(timer);
    timer = setTimeout(reload, 200);
  };
  for (const [name, { config, sources }] of Object.entries(WORKERS))
    for (const input of [config, ...sources]) watchTree(join(ROOT, input), onChange(name));
  if (assetsDir !== null) watchTree(assetsDir, onChange(undefined));
}

/**
 * Watches a file, or a folder and every folder under it, one inotify watch per folder: a folder's
 * watch sees its files replaced (editors and `sed -i` write a new file and rename it over the old
 * one), where Node's recursive watch loses a file once it is replaced. Folders made later are
 * watched when they appear.
 */
function watchTree(path, onChange) {
  const watched = new Set();
  const add = (dir) => {
    if (watched.has(dir) || IGNORED.test(`${dir}/`)) return;
    watched.add(dir);
    watch(dir, (event, file) => {
      onChange(event, file);
      if (
        event === "rename" &&
        file &&
        existsSync(join(dir, file)) &&
        statSync(join(dir, file)).isDirectory()
      )
        add(join(dir, file));
    });
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) add(join(dir, entry.name));
  };
  if (!statSync(path).isDirectory()) return watch(path, onChange);
  add(path);
}

const stop = async () => {
  await mf.dispose().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The process that started this one holds its stdin open: when that process ends, so does this one.
process.stdin.on("end", stop).resume();
