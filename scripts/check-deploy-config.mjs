#!/usr/bin/env node
// A deploy that forgets a step must fail closed. This check reads wrangler.toml as committed, and
// what `wrangler deploy --dry-run` would ship from it, and fails when either carries a secret in
// [vars] (JWT_SECRET above all: whoever has the repository could sign admin tokens) or sets
// ENVIRONMENT to anything but "production" (development turns on the dev outbox and seed).
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

/**
 * Modules that must never be in the deployed API Worker, as esbuild's metafile names its inputs:
 * the demo data and development routes (only worker/src/dev-index.ts mounts them).
 */
export const NOT_DEPLOYED = [
  { input: /^worker\/src\/(features\/dev\/|dev-index\.ts)/, why: "development only" },
];

/** What the bundle carries that it must not (esbuild's metafile of the dry run). */
export function bundleProblems(metafile) {
  const problems = [];
  for (const input of Object.keys(metafile.inputs)) {
    const rule = NOT_DEPLOYED.find((r) => r.input.test(input));
    if (rule) problems.push(`the deployed Worker bundles ${input} (${rule.why})`);
  }
  return problems;
}

/** The variables `wrangler deploy --dry-run` lists for the Worker it would upload, and what it bundles. */
function dryRun() {
  const dir = mkdtempSync(join(tmpdir(), "agora-deploy-check-"));
  try {
    // An empty assets folder: the check is about the Worker, not the SPAs' build.
    const assets = join(dir, "assets");
    mkdirSync(assets);
    const result = spawnSync(
      "wrangler",
      ["deploy", "--dry-run", "--outdir", join(dir, "out"), "--metafile", "--assets", assets],
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, CI: "true", FORCE_COLOR: "0" } },
    );
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${output}`);
    const vars = [];
    for (const line of output.split("\n")) {
      const match = /^env\.(\w+) \("(.*?)(?:\.\.\.)?"\)\s+Environment Variable/.exec(line.trim());
      if (match) vars.push({ table: "deploy --dry-run", name: match[1], value: match[2] });
    }
    if (!vars.some((v) => v.name === "PUBLIC_URL"))
      throw new Error(`could not read the variables from wrangler's dry run:\n${output}`);
    const metafile = JSON.parse(readFileSync(join(dir, "out", "bundle-meta.json"), "utf8"));
    return [...deployProblems(vars), ...bundleProblems(metafile)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const { vars, problems } = varsOf(toml);
  problems.push(...deployProblems(vars));
  if (toml.includes(DEVELOPMENT_JWT_SECRET))
    problems.push("wrangler.toml contains the development JWT secret");
  if (!process.argv.includes("--no-dry-run") && !problems.length) problems.push(...dryRun());
  if (problems.length) {
    console.error(`wrangler.toml is not safe to deploy:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`wrangler.toml deploys as production with no secret in [vars] (${seconds}s)`);
}
