#!/usr/bin/env node
// Event → screen (docs/decisions/109): from the request that causes a notification to the row on
// the other person's open notifications page, in Chromium, with no reload and no polling.
//
//   flock /tmp/agora-heavy.lock node bench/live/screen.mjs [--events 60] [--gap 500]
//
// A server started the way `bun run dev` does (its own throwaway state, the SPAs built), Ada's
// /notifications open in headless Chromium, then `--events` follows of Ada by different people,
// one every `--gap` ms. The page records, with a MutationObserver, when a notification row naming
// the follower appears; the time is taken against the same clock (the Unix epoch in ms, from
// `performance.timeOrigin + performance.now()` on both sides). Reports p50/p99/max, rows lost, and
// requests for the unread counts while the socket is open (polling: there should be none).
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { assetsDirFor, buildSpasOnce, startServer } from "../../scripts/server.mjs";
import { addPeople, api, killTree } from "../crash/crash.mjs";
import { d1File } from "../feed/load.mjs";
import { launch } from "../size/browser.mjs";
import { userToken } from "./tokens.mjs";

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .map((a, i, all) => (a.startsWith("--") ? [a.slice(2), all[i + 1]] : null))
    .filter(Boolean),
);
const EVENTS = Number(args.events ?? 60);
const GAP_MS = Number(args.gap ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 8807);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** In the page: when a notification row naming someone first appears (epoch ms). */
function watchRows() {
  const w = window;
  w.__rowAt = {};
  const seen = (node) => {
    if (!(node instanceof Element)) return;
    const rows = node.matches('[data-testid="notification"]')
      ? [node]
      : node.querySelectorAll('[data-testid="notification"]');
    for (const row of rows) {
      const name = /@(screen\d+)/.exec(row.textContent ?? "")?.[1];
      if (name && !(name in w.__rowAt)) w.__rowAt[name] = performance.timeOrigin + performance.now();
    }
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) seen(n);
  }).observe(document.body, { childList: true, subtree: true });
}

let server = null;
let browser = null;
const state = mkdtempSync(join(process.env.BENCH_STATE_DIR ?? tmpdir(), "agora-bench-screen-"));
try {
  const assetsDir = assetsDirFor("client");
  await buildSpasOnce({ outDir: assetsDir });
  server = await startServer({ port: PORT, persistTo: state, assetsDir, seed: true, quiet: true });
  await killTree(server.pid);
  addPeople(state, EVENTS + 1, "screen");
  const db = new DatabaseSync(d1File(state));
  const people = db
    .prepare("SELECT id, username FROM users WHERE username LIKE 'screen%' ORDER BY id")
    .all()
    .map((p) => ({ ...p, token: userToken(p.id) }));
  db.close();
  server = await startServer({ port: PORT, persistTo: state, assetsDir, seed: false, quiet: true });
  const base = server.base;
  const [ada, ...followers] = people;

  browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "access_token", value: ada.token, url: base }]);
  const page = await context.newPage();
  // Counts come in UNREAD frames: a request for them while the socket is open would be polling. The
  // list is fetched again after each NOTIFICATION frame (the server leaves out muted ones).
  const polled = [];
  let listFetches = 0;
  let hello = false;
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/api/v1/live/websocket/connect")) return;
    ws.on("framereceived", ({ payload }) => {
      if (String(payload).includes('"HELLO"')) hello = true;
    });
  });
  page.on("request", (request) => {
    if (!hello) return;
    if (request.url().includes("/unread/data")) polled.push(request.url());
    if (request.url().includes("/notification/list")) listFetches += 1;
  });
  await page.goto(`${base}/notifications?view=all`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.evaluate(watchRows);
  for (let i = 0; i < 200 && !hello; i++) await sleep(50);
  if (!hello) throw new Error("Ada's live socket did not open");
  polled.length = 0;
  listFetches = 0;

  const sent = new Map();
  for (const follower of followers) {
    sent.set(follower.username, now());
    await api(base, `/api/v1/private/user/follow?username=${ada.username}`, {
      token: follower.token,
      method: "POST",
    });
    await sleep(GAP_MS);
  }
  await sleep(3_000);
  const shown = await page.evaluate(() => window.__rowAt);
  const times = [...sent]
    .filter(([name]) => name in shown)
    .map(([name, at]) => shown[name] - at)
    .sort((a, b) => a - b);
  const lost = sent.size - times.length;
  const row = {
    events: sent.size,
    shown: times.length,
    lost,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1),
    countRequests: polled.length,
    listFetches,
    load: `${loadavg()[0].toFixed(1)}/${cpus().length}`,
  };
  console.log(JSON.stringify({ phase: "event-to-screen", ...row }));
  const ms = (n) => (Number.isFinite(n) ? n.toFixed(1) : "-");
  console.log(
    "\n| events | shown | lost | p50 ms | p99 ms | max ms | count requests | list fetches | load/cores |",
  );
  console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| ${row.events} | ${row.shown} | ${row.lost} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | ${row.countRequests} | ${row.listFetches} | ${row.load} |`,
  );
  process.exitCode = lost === 0 && polled.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server?.stop();
  rmSync(state, { recursive: true, force: true });
  setTimeout(() => process.exit(), 500).unref();
}
