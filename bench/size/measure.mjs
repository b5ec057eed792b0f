#!/usr/bin/env node
// The main site's JavaScript, gzipped, two ways:
// - the entry: the entry chunk plus every chunk it imports statically (what must run before the
//   first paint); dynamic imports — lazy routes, modals, dictionaries — are not counted;
// - as the browser sees it (browser.mjs): every script the home page requests until the network
//   is idle, served by the real Worker with the demo data, plus the page's LCP at 4× CPU slowdown
//   and INP for a vote and a sort change. The budget (122 KB, docs/decisions/183) applies to this total.
//
// Builds web/ into a temporary folder (dist/ is left alone), prints tables and writes
// bench/size/results.md.
//   node bench/size/measure.mjs [--label "after X"] [--no-write] [--check] [--no-browser] [--no-timing]
//                               [--assets-dir DIR]
// --check exits with 1 when the total is over the budget; `bun run test` runs it with --no-timing
// (the scripts as the browser sees them, without LCP and INP, which are for this bench, not CI)
// and --assets-dir: it measures the build the browser journeys then serve (scripts/server.mjs
// `buildSpasOnce`, made here unless one of the same sources is already there), so a run builds
// each SPA once.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { buildSpasOnce } from "../../scripts/server.mjs";
import { measureInBrowser } from "./browser.mjs";
import { entryChunks } from "./entry.mjs";

const BUDGET_KB = 122;
const root = new URL("../..", import.meta.url).pathname;
const args = process.argv.slice(2);
const label = args.includes("--label") ? args[args.indexOf("--label") + 1] : "current";
const write = !args.includes("--no-write");
const check = args.includes("--check");
const inBrowser = !args.includes("--no-browser");
const timing = !args.includes("--no-timing");
const sharedDir = args.includes("--assets-dir") ? args[args.indexOf("--assets-dir") + 1] : null;

// The config imports its plugin without an extension, which Vite's native loader will not accept;
// the bundled loader it uses today is fine.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING = "true";
const outDir = sharedDir ? resolve(sharedDir) : mkdtempSync(join(tmpdir(), "agora-size-"));
try {
  if (sharedDir) await buildSpasOnce({ outDir });
  else
    await build({
      configFile: join(root, "web/vite.config.ts"),
      logLevel: "warn",
      build: { outDir, emptyOutDir: true },
    });
  // What the browser runs before the first paint (bench/size/entry.mjs).
  const seen = entryChunks(outDir);

  const sizeOf = (file) => {
    const bytes = readFileSync(join(outDir, file));
    return { raw: bytes.length, gzip: gzipSync(bytes).length };
  };
  const rows = [...seen].map((file) => ({ file, ...sizeOf(file) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => ({
    file: m[1],
    ...sizeOf(m[1]),
  }));
  const lazy = readdirSync(join(outDir, "assets")).filter((f) => f.endsWith(".js")).length - rows.length;

  const kb = (n) => (n / 1024).toFixed(1);
  const sum = (list) =>
    list.reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip }), { raw: 0, gzip: 0 });
  const total = sum(rows);
  const lines = [
    `| entry chunk and its static imports | raw KB | gzip KB |`,
    `|---|---:|---:|`,
    ...rows.map((r) => `| ${r.file.replace(/^assets\//, "")} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
    `| **entry total** (${rows.length} chunks) | **${kb(total.raw)}** | **${kb(total.gzip)}** |`,
    ...css.map(
      (r) => `| (css, not counted) ${r.file.replace(/^assets\//, "")} | ${kb(r.raw)} | ${kb(r.gzip)} |`,
    ),
  ];
  let measured = total;
  let summary = `Entry JS of the main site: ${kb(total.gzip)} KB gzip; ${lazy} more chunks load on demand.`;
  const browser = inBrowser ? await measureInBrowser({ outDir, timing }) : null;
  if (browser) {
    const all = sum(browser.rows);
    measured = all;
    lines.push(
      "",
      `| every script of the home page until network idle (Chromium, 1280 px) | raw KB | gzip KB |`,
      `|---|---:|---:|`,
      ...browser.rows.map((r) => `| ${r.file} | ${kb(r.raw)} | ${kb(r.gzip)} |`),
      `| **as the browser sees it** (${browser.rows.length} files) | **${kb(all.raw)}** | **${kb(all.gzip)}** |`,
    );
    summary = `Home page JS as the browser sees it: ${kb(all.gzip)} KB gzip in ${browser.rows.length} files (entry ${kb(total.gzip)} KB).`;
  }
  if (browser && timing) {
    const ms = (n) => `${Math.round(n)} ms`;
    const cls = (n) => n.toFixed(3);
    lines.push(
      "",
      `| at ${4}× CPU slowdown | |`,
      `|---|---:|`,
      `| LCP, home page, visitor (median of ${browser.lcps.length}: ${browser.lcps.map(ms).join(", ")}) | ${ms(browser.lcp)} |`,
      `| CLS, home page, visitor (median of ${browser.home.clss.length}: ${browser.home.clss.map(cls).join(", ")}) | ${cls(browser.home.cls)} |`,
      `| LCP, a post's page, visitor (median of ${browser.post.lcps.length}: ${browser.post.lcps.map(ms).join(", ")}) | ${ms(browser.post.lcp)} |`,
      `| CLS, a post's page, visitor (median of ${browser.post.clss.length}: ${browser.post.clss.map(cls).join(", ")}) | ${cls(browser.post.cls)} |`,
      `| INP, a vote (signed in) | ${browser.inp.vote ? ms(browser.inp.vote) : "< 16 ms"} |`,
      `| INP, a sort change (signed in) | ${browser.inp.sort ? ms(browser.inp.sort) : "< 16 ms"} |`,
    );
    summary = summary.replace(
      /\.$/,
      `; LCP ${ms(browser.lcp)} (a post's page ${ms(browser.post.lcp)}), CLS ${cls(browser.home.cls)} at 4× CPU slowdown.`,
    );
  }
  const verdict = measured.gzip / 1024 <= BUDGET_KB ? "within" : "OVER";
  summary += ` ${verdict === "within" ? "Within" : "OVER"} the ${BUDGET_KB} KB budget.`;
  console.log(`\n${label}\n${lines.join("\n")}\n\n${summary}\n`);

  if (write) {
    // One section per label: a new label is appended, a repeated one replaced, so the file keeps
    // the before/after history.
    const file = join(root, "bench/size/results.md");
    const header = [
      "# Main site initial JS size",
      "",
      "Measured by `node bench/size/measure.mjs --label <name>`: builds `web/` into a temporary",
      "folder and sums the gzip size (zlib default level) of the module scripts `index.html` loads",
      "and every chunk they import statically (the entry), then serves the build with the Worker and",
      "the demo data and sums every script Chromium requests for the home page until the network is",
      "idle (as the browser sees it), with LCP and INP at 4× CPU slowdown (sections from 2026-11-23",
      "on). Goal: at most 122 KB gzip as the browser sees it.",
      "",
    ].join("\n");
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const sections = previous
      .split(/^(?=## )/m)
      .slice(1)
      .filter((s) => !s.startsWith(`## ${label} —`));
    const section = [
      `## ${label} — ${new Date().toISOString().slice(0, 10)}`,
      "",
      ...lines,
      "",
      summary,
      "",
      "",
    ];
    writeFileSync(file, `${header}\n${[...sections, section.join("\n")].join("")}`);
  }
  if (check && verdict === "OVER") process.exitCode = 1;
} finally {
  if (!sharedDir) rmSync(outDir, { recursive: true, force: true });
}
