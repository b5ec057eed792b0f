import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { lane } from "./lane";

/** Chromium's headless shell: the same Blink, without the full browser's UI to draw (docs/decisions/221). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** Debian's Chromium headless shell with the flags a machine without internet needs (no sandbox, GPU, QUIC, updates). */
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

/** The window and language a page opens with unless a journey asks for others. */
const DEFAULT_PAGE = { width: 1366, height: 900, locale: "en-US" };

/**
 * One browser per test file. `page()` opens a fresh context (no cookies) and records uncaught
 * script errors in `errors`, which journeys assert to be empty; its requests are counted for
 * `quiet`. A fresh context with the default window is made ahead, while the journey before runs:
 * a new page starts a renderer process, about a second on a busy machine, which a journey would
 * otherwise wait for at its start. It is as fresh as one made on the spot: nothing has used it.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let spare: Promise<{ context: BrowserContext; page: Page } | undefined> | undefined;
  const baseUrl = () => lane().baseUrl;
  const open = async (options: typeof DEFAULT_PAGE) => {
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: options.width, height: options.height },
      locale: options.locale,
    });
    return { context, page: await context.newPage() };
  };
  const makeSpare = () => {
    spare = open(DEFAULT_PAGE).catch(() => undefined);
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    makeSpare();
  });
  afterAll(async () => {
    const left = await spare;
    await left?.context.close().catch(() => undefined);
    await browser?.close();
  });
  // A test's pages close when it ends (those a `beforeAll` opened stay for the file): a page left
  // open keeps its socket, timers and animations running beside every later test of the file.
  let firstOfTest = 0;
  beforeEach(() => {
    firstOfTest = contexts.length;
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(firstOfTest).map((c) => c.close().catch(() => undefined)));
  });
  async function page(options: { width?: number; height?: number; locale?: string } = {}) {
    const wanted = { ...DEFAULT_PAGE, ...options };
    const usual =
      wanted.width === DEFAULT_PAGE.width &&
      wanted.height === DEFAULT_PAGE.height &&
      wanted.locale === DEFAULT_PAGE.locale;
    let made = usual ? await spare : undefined;
    if (usual) makeSpare();
    made ??= await open(wanted);
    const { context, page: p } = made;
    contexts.push(context);
    countRequests(p);
    const errors: string[] = [];
    p.on("pageerror", (e) => errors.push(e.message));
    return { page: p, errors, context };
  }
  return { page, baseUrl };
}

/** Requests a page has asked for and not yet had answered. */
const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts a page's requests from now on, for `quiet`. A WebSocket is no request here: the live socket
 * a signed-in page keeps open would never let the page fall quiet.
 */
export function countRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on("request", (r) => {
    if (r.resourceType() !== "websocket") open.add(r);
  });
  page.on("requestfinished", (r) => open.delete(r));
  page.on("requestfailed", (r) => open.delete(r));
}

/**
 * Waits until the page (its requests counted since it opened: `countRequests`) has had no request
 * in flight for 150 ms, at most 10 s: what Playwright's "networkidle" checks, without its fixed
 * 500 ms of silence on every page. With `stop`, returns early, true, once `stop` answers true.
 */
export async function quiet(page: Page, stop?: () => Promise<boolean>): Promise<boolean> {
  const open = inFlight.get(page);
  if (!open) throw new Error("quiet(page): the page's requests are not counted (countRequests)");
  const until = Date.now() + 10_000;
  let quietSince = open.size ? 0 : Date.now();
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 25));
    if (stop && (await stop())) return true;
    if (open.size) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return false;
  }
  return false;
}

/** A full-page screenshot named `name` in E2E_SCREENSHOTS, when that folder is given (none otherwise). */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}
