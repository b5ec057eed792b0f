import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { lane } from "./lane";
import { accessToken } from "./sign-in";
import { staffToken } from "./staff";

// Every route of both SPAs, for the journeys that walk them all (accessibility, reflow). The
// routes come from the generated route trees, so a new screen is walked without touching the
// journeys; a route with parameters takes them from a link a walked page showed (a real post,
// job, thread…) or from SAMPLES, and a journey fails when it finds neither.

const root = new URL("..", import.meta.url).pathname;

export type App = "web" | "admin";
export type Theme = "night" | "day";

/** Where an SPA lives under the site. */
export const prefixOf = (app: App) => (app === "web" ? "" : "/admin");

/** The route patterns of an SPA, from its generated tree ("/blog/" → "/blog"). */
export function routesOf(app: App): string[] {
  const tree = app === "web" ? "web/src/routeTree.gen.ts" : "admin/src/routeTree.gen.ts";
  const source = readFileSync(`${root}${tree}`, "utf8");
  const block = /fullPaths:([\s\S]*?)fileRoutesByTo/.exec(source)?.[1] ?? "";
  const paths = [...block.matchAll(/'([^']+)'/g)].map((m) => (m[1] === "/" ? "/" : m[1]!.replace(/\/$/, "")));
  return [...new Set(paths)];
}

/** Routes without parameters first: their links give the others theirs. */
export const plainFirst = (patterns: string[]) =>
  [...patterns].sort((a, b) => Number(a.includes("$")) - Number(b.includes("$")));

/** Values for parameters no walked page links to (enumerations, people of the seed). */
const SAMPLES: Record<string, string> = {
  $tab: "account",
  $page: "privacy-policy",
  $blockchain: "solana",
  $username: "carmen",
  $name: "webdev",
  // The demo's public custom feed (worker/src/dev/seed.ts DEMO_FEED).
  $id: "demomix",
};

/** The links walked pages showed, which give parameterised routes a real address. */
export class RouteLinks {
  private readonly links = new Set<string>();
  /** Addresses of routes without parameters: /chat/thread/new is not a thread called "new". */
  private readonly literal = new Set(
    (["web", "admin"] as const).flatMap((app) =>
      routesOf(app)
        .filter((p) => !p.includes("$"))
        .map((p) => `${prefixOf(app)}${p}`),
    ),
  );

  /** Remembers the page's links under the SPA's prefix. */
  async collect(page: Page, prefix: string): Promise<void> {
    for (const href of await page.$$eval("a[href]", (as) =>
      as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    )) {
      if (href.startsWith(prefix || "/")) this.links.add(href);
    }
  }

  /** A pattern's address: a link some walked page showed, or the samples; null when neither. */
  addressOf(pattern: string, prefix: string): string | null {
    if (!pattern.includes("$")) return `${prefix}${pattern}`;
    // A link to the route itself, or to a page under it (a post's /c/x/p/id/slug gives /c/x/p/id).
    const shape = new RegExp(`^${prefix}${pattern.replace(/\$\w+/g, "[^/?#]+")}(?=/|$)`);
    const seen = [...this.links]
      .map((href) => shape.exec(href)?.[0])
      .find((address) => address && !this.literal.has(address));
    if (seen) return seen;
    const params = pattern.match(/\$\w+/g) ?? [];
    if (!params.every((p) => SAMPLES[p])) return null;
    return `${prefix}${pattern.replace(/\$\w+/g, (p) => SAMPLES[p]!)}`;
  }
}

export interface ContextOptions {
  app: App;
  signedIn: boolean;
  theme: Theme;
  /** CSS pixels. */
  width: number;
  height?: number;
  /** Device pixels per CSS pixel: 2 with half the width is the browser's 200% zoom. */
  deviceScaleFactor?: number;
}

/**
 * A browser context for one SPA in a theme, as a visitor or signed in (bruno on the main site,
 * the seed's admin on the admin site).
 */
export async function routeContext(
  browser: Browser,
  o: ContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const base = lane().baseUrl;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: o.width, height: o.height ?? (o.width < 600 ? 844 : 900) },
    deviceScaleFactor: o.deviceScaleFactor ?? 1,
    locale: "en-US",
  });
  const key = o.app === "web" ? "agora.theme" : "agora.admin.theme";
  await context.addInitScript(([k, theme]) => localStorage.setItem(k!, theme!), [key, o.theme]);
  if (o.signedIn && o.app === "web") {
    await context.addCookies([{ name: "access_token", value: await accessToken("bruno"), url: base }]);
  }
  if (o.signedIn && o.app === "admin") {
    const access_token = await staffToken(base);
    await context.addCookies([{ name: "admin_access_token", value: access_token, url: base }]);
  }
  return { context, page: await context.newPage() };
}

/**
 * Sets the theme the walk asks for (the account's own night mode may have changed it on load)
 * and waits for the colours' transitions to end (mid-way they are neither theme). The colours
 * change with transitions held back for the switch, as they would be for someone who asks for
 * less motion: the page lands on the theme's colours at once instead of 150 ms later (its
 * buttons' transition), on every switch of the walk. Any transition still started is waited for.
 */
export async function settleTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(async (t) => {
    if (document.documentElement.dataset.theme === t) return;
    const still = document.createElement("style");
    still.textContent = "*, *::before, *::after { transition: none !important; }";
    document.head.append(still);
    document.documentElement.dataset.theme = t;
    // The new colours computed while nothing transitions; without the hold they stay as they are.
    void document.body.offsetHeight;
    still.remove();
    void document.body.offsetHeight;
    await new Promise(requestAnimationFrame);
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  }, theme);
}
