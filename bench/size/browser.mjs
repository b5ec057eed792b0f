// The home page as Chromium loads it: every script requested until the network is idle (the
// entry, its imports, and what the first screen pulls in lazily: the route, the sidebar…), its
// Largest Contentful Paint and Cumulative Layout Shift at 4× CPU slowdown (and a post's page's),
// and Interaction to Next Paint for a vote and a sort change. Serves the build `measure.mjs` made
// with the real Worker and the demo data.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startServer } from "../../scripts/server.mjs";

const CPU_SLOWDOWN = 4;
const LCP_RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Debian's Chromium headless shell, with the flags a machine without internet needs. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Buffered observers for LCP, layout shifts (CLS as web-vitals counts it: the largest session
 * window of shifts not caused by input, a window ending after 1 s of calm or 5 s in all) and the
 * interactions' event timings, installed before any script.
 */
function observe() {
  const w = window;
  w.__lcp = 0;
  w.__cls = 0;
  w.__events = [];
  let session = 0;
  let first = 0;
  let last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else {
        session = e.value;
        first = e.startTime;
      }
      last = e.startTime;
      w.__cls = Math.max(w.__cls, session);
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
}

/** INP of what `act` does: the longest interaction it caused (event timing rounds to 8 ms, ≥ 16 ms). */
async function inpOf(page, act) {
  await page.evaluate(() => {
    window.__events = [];
  });
  await act();
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(300);
  const events = await page.evaluate(() => window.__events);
  return events.reduce((max, e) => Math.max(max, e.duration), 0);
}

/** `timing: false` stops after the scripts (the budget check of `bun run test`). */
export async function measureInBrowser({
  outDir,
  port = Number(process.env.SIZE_PORT ?? 8803),
  timing = true,
}) {
  const state = mkdtempSync(join(tmpdir(), "agora-size-state-"));
  const server = await startServer({ port, persistTo: state, assetsDir: outDir, seed: true, quiet: true });
  const browser = await launch();
  try {
    const base = server.base;
    const viewport = { width: 1280, height: 900 };

    // 1. Every script of the first visit, until the network is idle.
    const context = await browser.newContext({ viewport, locale: "en-US" });
    const page = await context.newPage();
    const scripts = new Set();
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.add(new URL(r.url()).pathname);
    });
    await page.goto(base, { waitUntil: "networkidle" });
    await context.close();
    const rows = [...scripts].map((path) => {
      const bytes = readFileSync(join(outDir, path));
      return { file: path.replace(/^\/assets\//, ""), raw: bytes.length, gzip: gzipSync(bytes).length };
    });
    rows.sort((a, b) => b.gzip - a.gzip);
    if (!timing) return { rows };

    // 2. LCP and CLS with the CPU four times slower (a mid-range phone), the median of a few cold
    // loads, of the home page and of the newest post's page.
    const paints = async (url) => {
      const runs = [];
      // A load whose page Chromium reported no paint for (LCP 0: the page was not in front) is
      // loaded again, at most twice as many times as the runs.
      for (let tries = 0; runs.length < LCP_RUNS && tries < 3 * LCP_RUNS; tries++) {
        const ctx = await browser.newContext({ viewport, locale: "en-US" });
        const p = await ctx.newPage();
        await p.bringToFront();
        await p.addInitScript(observe);
        const cdp = await ctx.newCDPSession(p);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await p.goto(url, { waitUntil: "networkidle" });
        // A page that came with its first screen asks for nothing more: the network is idle before
        // the slowed scripts have painted. Wait for a paint, then a second for later candidates.
        await p.waitForFunction(() => window.__lcp > 0, null, { timeout: 15_000 }).catch(() => undefined);
        await p.waitForTimeout(1000);
        const run = await p.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls }));
        if (run.lcp > 0) runs.push(run);
        await ctx.close();
      }
      const lcps = runs.map((r) => r.lcp);
      const clss = runs.map((r) => r.cls);
      return { lcp: median(lcps), lcps, cls: median(clss), clss };
    };
    const home = await paints(base);
    const feed = await (await fetch(`${base}/api/v1/feed?option=new&skip=0&limit=4`)).json();
    const post = await paints(`${base}${feed.list[0].micropost.link}`);

    // 3. INP, signed in (a vote needs an account), at the same slowdown.
    const login = await fetch(`${base}/api/v1/user/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "bruno", password: "password" }),
    });
    const { access_token: token } = await login.json();
    const ctx = await browser.newContext({ viewport, locale: "en-US" });
    await ctx.addCookies([{ name: "access_token", value: token, url: base }]);
    const p = await ctx.newPage();
    await p.addInitScript(observe);
    const cdp = await ctx.newCDPSession(p);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await p.goto(base, { waitUntil: "networkidle" });
    const vote = await inpOf(p, () => p.getByTestId("vote-button").first().click());
    await p.getByTestId("feed-sort").click();
    const sort = await inpOf(p, () => p.getByRole("menuitemradio", { checked: false }).first().click());
    await ctx.close();

    return { rows, lcp: home.lcp, lcps: home.lcps, home, post, inp: { vote, sort } };
  } finally {
    await browser.close();
    server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
