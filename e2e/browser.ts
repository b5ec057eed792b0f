import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { lane } from "./lane";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium with the flags a machine without internet needs (no sandbox, GPU, QUIC, updates). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
 * One browser per test file. `page()` opens a fresh context (no cookies) and records uncaught
 * script errors in `errors`, which journeys assert to be empty.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const baseUrl = () => lane().baseUrl;
  async function page(options: { width?: number; height?: number; locale?: string } = {}) {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
      locale: options.locale ?? "en-US",
    });
    contexts.push(context);
    const p: Page = await context.newPage();
    const errors: string[] = [];
    p.on("pageerror", (e) => errors.push(e.message));
    return { page: p, errors, context };
  }
  return { page, baseUrl };
}
