#!/usr/bin/env node
// Looks at a page as a person would: `node scripts/screenshot.mjs URL out.png [width] [height]`.
// Prints script errors and console errors the page produced.
import { chromium } from "playwright-core";

const [url, out = "/tmp/page.png", width = "1366", height = "900"] = process.argv.slice(2);
if (!url) {
  console.error("usage: screenshot.mjs URL [out.png] [width] [height]");
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
  ],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("pageerror", (e) => console.log("page error:", e.message));
page.on("console", (m) => m.type() === "error" && console.log("console error:", m.text()));
await page.goto(url);
await page.waitForTimeout(1200);
await page.screenshot({ path: out, fullPage: false });
console.log("saved", out);
await browser.close();
