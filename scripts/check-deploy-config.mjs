#!/usr/bin/env node
// A deploy that forgets a step must fail closed. This check reads the two Workers' configurations as
// committed (wrangler.toml, the API; worker/renderer/wrangler.toml, the MJML renderer), and what
// `wrangler deploy --dry-run` would ship from each, and fails when either carries a secret in
// [vars] (JWT_SECRET above all: whoever has the repository could sign admin tokens), sets
// ENVIRONMENT to anything but "production" (development turns on the dev outbox and seed), bundles
// development modules (or mjml-browser in the API), or when the renderer could be reached by
// anything but the API's service binding.
// Part of `bun run test`; a few seconds. `--no-dry-run` reads the file only.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVELOPMENT_JWT_SECRET } from "./dev-settings.mjs";

const ROOT = new URL("..", import.meta.url).pathname;

/** Names that are secrets (`wrangler secret put`), never vars. */
export const SECRET_NAMES = [
  "JWT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "PAYPAL_SECRET",
  "WALLET_ENCRYPTION_KEY",
  "VAPID_PRIVATE_KEY",
  "EMAIL_API_KEY",
  "GOOGLE_CLIENT_SECRET",
  "ADMIN_PASSWORD",
];

/**
 * The variables of every `[vars]` table (top level and `[env.NAME.vars]`), as
 * `{ table, name, value }`. Only what this check needs of TOML: `KEY = "string"` lines, and inline
 * `vars = { ... }` tables, which are refused outright so nothing hides there.
 */
export function varsOf(toml) {
  const found = [];
  const problems = [];
  let table = "";
  for (const [index, raw] of toml.split("\n").entries()) {
    const line = raw.replace(/^\s+/, "");
    if (!line || line.startsWith("#")) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?/.exec(line);
    if (header) {
      table = header[1];
      continue;
    }
    const pair = /^("?)([\w.-]+)\1\s*=\s*(.*)$/.exec(line);
    if (!pair) continue;
    const [, , name, rest] = pair;
    if (name === "vars" || name.endsWith(".vars"))
      problems.push(`line ${index + 1}: write variables as a [vars] table, not inline`);
    if (table === "vars" || /^env\.[^.]+\.vars$/.test(table)) {
      const value = /^"((?:[^"\\]|\\.)*)"/.exec(rest)?.[1] ?? /^'([^']*)'/.exec(rest)?.[1] ?? rest.trim();
      found.push({ table, name, value });
    }
  }
  return { vars: found, problems };
}

/** What is wrong with these variables for a production deploy. */
export function deployProblems(vars) {
  const problems = [];
  for (const { table, name, value } of vars) {
    if (SECRET_NAMES.includes(name))
      problems.push(`[${table}] carries the secret ${name}: use \`wrangler secret put ${name}\``);
    if (value === DEVELOPMENT_JWT_SECRET) problems.push(`[${table}] ${name} is the development JWT secret`);
    if (name === "ENVIRONMENT" && value !== "production")
      problems.push(`[${table}] ENVIRONMENT is "${value}": the committed configuration must be "production"`);
  }
  return problems;
}

/** The two Workers a deploy ships: the API, and the MJML renderer its binding MJML reaches. */
export const WORKERS = [
  { config: "wrangler.toml", name: "agora", hasVars: true },
  { config: "worker/renderer/wrangler.toml", name: "agora-mjml", hasVars: false },
];

/**
 * Modules that must never be in a deployed Worker, as esbuild's metafile names its inputs: the
 * demo data and development routes (only worker/src/dev-index.ts mounts them) anywhere, and
 * mjml-browser in the API (the renderer Worker has it; docs/decisions/104).
 */
export const NOT_DEPLOYED = [
  { worker: "*", input: /^worker\/src\/(dev\/|dev-index\.ts)/, why: "development only" },
  { worker: "agora", input: /node_modules\/mjml-browser\//, why: "the agora-mjml Worker renders MJML" },
  {
    worker: "agora",
    input: /node_modules\/zod\/v4\/locales\/(?!en\.js$)/,
    why: "zod's other languages stay out (wrangler.toml [alias], docs/decisions/155)",
  },
];

/**
 * The API Worker's upload, raw, at most (docs/decisions/155, 247): what every new isolate fetches and
 * parses. Two megabytes however they are counted: 2,000,000 bytes, under 2 MiB too.
 */
export const API_MAX_BYTES = 2_000_000;

/** The alias that leaves zod's languages out must catch zod's own imports and nothing else. */
const ZOD_LOCALES_STAND_IN = "worker/src/lib/zod-locales.ts";

/** What a Worker's bundle carries that it must not (esbuild's metafile of the dry run). */
export function bundleProblems(worker, metafile) {
  const problems = [];
  for (const input of Object.keys(metafile.inputs)) {
    const rule = NOT_DEPLOYED.find((r) => (r.worker === "*" || r.worker === worker) && r.input.test(input));
    if (rule) problems.push(`${worker} bundles ${input} (${rule.why})`);
    for (const imported of metafile.inputs[input].imports ?? [])
      if (imported.path === ZOD_LOCALES_STAND_IN && !input.startsWith("node_modules/zod/"))
        problems.push(`${worker}: ${input} imports ${imported.original}, which the zod alias replaces`);
  }
  return problems;
}

/** What is wrong with how the two Workers' files name and reach each other. */
export function wiringProblems(apiToml, rendererToml) {
  const problems = [];
  const renderer = /^name\s*=\s*"([^"]+)"/m.exec(rendererToml)?.[1];
  if (renderer !== "agora-mjml") problems.push(`the renderer's name is "${renderer}", not "agora-mjml"`);
  if (!/\[\[services\]\]\s*\nbinding\s*=\s*"MJML"\s*\nservice\s*=\s*"agora-mjml"/.test(apiToml))
    problems.push('wrangler.toml lacks the service binding MJML to "agora-mjml"');
  // Only the binding reaches the renderer: no workers.dev address, no preview address, no route.
  if (!/^workers_dev\s*=\s*false/m.test(rendererToml))
    problems.push("the renderer must set workers_dev = false");
  if (!/^preview_urls\s*=\s*false/m.test(rendererToml))
    problems.push("the renderer must set preview_urls = false");
  if (/^routes?\s*=/m.test(rendererToml)) problems.push("the renderer must have no route");
  if (/^\[vars\]|^\[\[/m.test(rendererToml)) problems.push("the renderer needs no variables or bindings");
  return problems;
}

/**
 * `wrangler deploy --dry-run` of one Worker: the variables it lists (API only) and what it bundles.
 * Returns the problems and the upload size wrangler prints.
 */
function dryRun({ config, name, hasVars }) {
  const dir = mkdtempSync(join(tmpdir(), "agora-deploy-check-"));
  try {
    // An empty assets folder: the check is about the Worker, not the SPAs' build.
    const assets = join(dir, "assets");
    mkdirSync(assets);
    const args = ["deploy", "--dry-run", "-c", config, "--outdir", join(dir, "out"), "--metafile"];
    const result = spawnSync("wrangler", hasVars ? [...args, "--assets", assets] : args, {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, CI: "true", FORCE_COLOR: "0" },
    });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0) throw new Error(`wrangler deploy --dry-run -c ${config} failed:\n${output}`);
    const vars = [];
    for (const line of output.split("\n")) {
      const match = /^env\.(\w+) \("(.*?)(?:\.\.\.)?"\)\s+Environment Variable/.exec(line.trim());
      if (match) vars.push({ table: `deploy --dry-run -c ${config}`, name: match[1], value: match[2] });
    }
    if (hasVars && !vars.some((v) => v.name === "PUBLIC_URL"))
      throw new Error(`could not read the variables from wrangler's dry run:\n${output}`);
    const metafile = JSON.parse(readFileSync(join(dir, "out", "bundle-meta.json"), "utf8"));
    const size = /Total Upload: (.*)/.exec(output)?.[1]?.trim() ?? "?";
    const problems = [...deployProblems(vars), ...bundleProblems(name, metafile)];
    const kib = Number(/^([\d.]+) KiB/.exec(size)?.[1]);
    if (name === "agora") {
      const toml = readFileSync(join(ROOT, config), "utf8");
      if (!(kib * 1024 <= API_MAX_BYTES))
        problems.push(`agora uploads ${size}, more than ${API_MAX_BYTES.toLocaleString("en")} bytes raw`);
      if (!/^minify\s*=\s*true/m.test(toml))
        problems.push("wrangler.toml must deploy minified (minify = true)");
      if (!/^upload_source_maps\s*=\s*true/m.test(toml))
        problems.push("wrangler.toml must upload source maps (upload_source_maps = true)");
    }
    return { problems, size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const tomls = WORKERS.map((w) => readFileSync(join(ROOT, w.config), "utf8"));
  const problems = [];
  for (const [i, toml] of tomls.entries()) {
    const parsed = varsOf(toml);
    problems.push(
      ...parsed.problems.map((p) => `${WORKERS[i].config}: ${p}`),
      ...deployProblems(parsed.vars),
    );
    if (toml.includes(DEVELOPMENT_JWT_SECRET))
      problems.push(`${WORKERS[i].config} contains the development JWT secret`);
  }
  problems.push(...wiringProblems(tomls[0], tomls[1]));
  const sizes = [];
  if (!process.argv.includes("--no-dry-run") && !problems.length)
    for (const worker of WORKERS) {
      const { problems: found, size } = dryRun(worker);
      problems.push(...found);
      sizes.push(`${worker.name} ${size}`);
    }
  if (problems.length) {
    console.error(`The Workers are not safe to deploy:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `wrangler.toml and worker/renderer/wrangler.toml deploy as production with no secret in [vars]${sizes.length ? ` (${sizes.join("; ")})` : ""} (${seconds}s)`,
  );
}
