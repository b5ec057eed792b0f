#!/usr/bin/env node
// One page's waterfall: each request of a load, with its start and end in ms from the navigation,
// twice in one browser context (the second load shows what the browser kept from the first).
//   BASE=http://localhost:8787 node bench/test-loop/waterfall.mjs /c/crypto [username]
// against `bun run dev` (a username signs in as that demo person, password "password").
import { chromium } from "playwright-core";

const base = process.env.BASE ?? "http://localhost:8787";
const path = process.argv[2] ?? "/";
const user = process.argv[3];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
const page = await context.newPage();
if (user) {
  const r = await fetch(`${base}/api/v1/user/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user, password: "password" }),
  });
  const body = await r.json();
  await context.addCookies([{ name: "access_token", value: body.access_token, url: base }]);
}
for (let run = 0; run < 2; run++) {
  const rows = [];
  const t0 = Date.now();
  const onReq = (req) => rows.push({ url: req.url().replace(base, ""), start: Date.now() - t0, req });
  page.on("request", onReq);
  page.on("requestfinished", (req) => {
    const r = rows.find((x) => x.req === req);
    if (r) r.end = Date.now() - t0;
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  page.off("request", onReq);
  console.log(`run ${run}: networkidle at ${Date.now() - t0} ms`);
  for (const r of rows)
    console.log(String(r.start).padStart(5), String(r.end ?? "-").padStart(5), r.url.slice(0, 100));
}
await browser.close();
