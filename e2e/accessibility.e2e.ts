import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { accessToken } from "./sign-in";

// axe-core over every route of both SPAs (docs/decisions/090). The routes come from the
// generated route trees, so a new screen is scanned without touching this file; a route with
// parameters takes them from a link the scanned pages show (a real post, job, thread…) or from
// SAMPLES, and the run fails if it finds neither.
//
// The matrix: every route as a visitor (night, 1280 px) and signed in (day, 390 px); the key
// routes in the six other combinations of who × theme × width too. One browser, one page per
// combination, navigated from route to route. Only serious and critical violations fail.

const root = new URL("..", import.meta.url).pathname;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The route patterns of an SPA, from its generated tree ("/blog/" → "/blog"). */
function routesOf(tree: string): string[] {
  const source = readFileSync(`${root}${tree}`, "utf8");
  const block = /fullPaths:([\s\S]*?)fileRoutesByTo/.exec(source)?.[1] ?? "";
  const paths = [...block.matchAll(/'([^']+)'/g)].map((m) => (m[1] === "/" ? "/" : m[1]!.replace(/\/$/, "")));
  return [...new Set(paths)];
}

/** Values for parameters no scanned page links to (enumerations, people of the seed). */
const SAMPLES: Record<string, string> = {
  $tab: "account",
  $page: "privacy-policy",
  $blockchain: "solana",
  $username: "carmen",
  $name: "webdev",
};

const WEB_KEY_ROUTES = ["/", "/c/$name", "/c/$name/p/$publicId/$slug", "/user/$username", "/chat", "/signin"];
const ADMIN_KEY_ROUTES = ["/", "/users", "/login"];

type Theme = "night" | "day";
interface Combo {
  signedIn: boolean;
  theme: Theme;
  width: number;
}
const label = (c: Combo) => `${c.signedIn ? "signed in" : "visitor"}, ${c.theme}, ${c.width} px`;
const ALL_COMBOS: Combo[] = [false, true].flatMap((signedIn) =>
  (["night", "day"] as const).flatMap((theme) => [1280, 390].map((width) => ({ signedIn, theme, width }))),
);
const EVERY_ROUTE: Combo[] = [
  { signedIn: false, theme: "night", width: 1280 },
  { signedIn: true, theme: "day", width: 390 },
];
const isEveryRouteCombo = (c: Combo) =>
  EVERY_ROUTE.some((e) => e.signedIn === c.signedIn && e.theme === c.theme && e.width === c.width);

interface Finding {
  route: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

describe("accessibility (axe-core) of every route", () => {
  let browser: Browser;
  const links = new Set<string>();
  const scanned: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    console.log(`axe: ${scanned.length} scans\n${scanned.join("\n")}`);
  });

  async function contextFor(
    c: Combo,
    app: "web" | "admin",
  ): Promise<{ context: BrowserContext; page: Page }> {
    const base = inject("baseUrl");
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: c.width, height: c.width < 600 ? 844 : 900 },
      locale: "en-US",
    });
    const key = app === "web" ? "agora.theme" : "agora.admin.theme";
    await context.addInitScript(([k, theme]) => localStorage.setItem(k!, theme!), [key, c.theme]);
    if (c.signedIn && app === "web") {
      await context.addCookies([{ name: "access_token", value: await accessToken("bruno"), url: base }]);
    }
    if (c.signedIn && app === "admin") {
      const res = await fetch(`${base}/api/admin/auth/login`, {
        method: "POST",
        body: new URLSearchParams({ username: "admin", password: "agora-admin" }),
      });
      const { access_token } = (await res.json()) as { access_token: string };
      await context.addCookies([{ name: "admin_access_token", value: access_token, url: base }]);
    }
    return { context, page: await context.newPage() };
  }

  /** A pattern's address: a link some scanned page showed, or the samples; null when neither. */
  function addressOf(pattern: string, prefix: string): string | null {
    if (!pattern.includes("$")) return `${prefix}${pattern}`;
    // A link to the route itself, or to a page under it (a post's /c/x/p/id/slug gives /c/x/p/id).
    const shape = new RegExp(`^${prefix}${pattern.replace(/\$\w+/g, "[^/?#]+")}(?=/|$)`);
    const seen = [...links].map((href) => shape.exec(href)?.[0]).find(Boolean);
    if (seen) return seen;
    const params = pattern.match(/\$\w+/g) ?? [];
    if (!params.every((p) => SAMPLES[p])) return null;
    return `${prefix}${pattern.replace(/\$\w+/g, (p) => SAMPLES[p]!)}`;
  }

  async function scan(page: Page, address: string, theme: Theme, prefix: string): Promise<Finding[]> {
    await page.goto(address);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    for (const href of await page.$$eval("a[href]", (as) =>
      as.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    )) {
      if (href.startsWith(prefix || "/")) links.add(href);
    }
    // The account's own night mode may have changed the theme on load: the combination decides,
    // and the scan waits for the colours' transitions to end (mid-way they are neither theme).
    await page.evaluate(async (t) => {
      if (document.documentElement.dataset.theme === t) return;
      document.documentElement.dataset.theme = t;
      await new Promise(requestAnimationFrame);
      const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
      await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
    }, theme);
    // Evaluated through the DevTools protocol, not as a <script>: the site's CSP stays in force.
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
    const result = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      const r = await axe.run(document, { resultTypes: ["violations"] });
      return r.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? "",
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} — ${n.failureSummary ?? ""}`),
      }));
    });
    return result
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ route: address, ...v }));
  }

  async function scanApp(app: "web" | "admin", c: Combo): Promise<Finding[]> {
    const prefix = app === "web" ? "" : "/admin";
    const all = routesOf(app === "web" ? "web/src/routeTree.gen.ts" : "admin/src/routeTree.gen.ts");
    const keys = app === "web" ? WEB_KEY_ROUTES : ADMIN_KEY_ROUTES;
    // Signed out, every admin route is the login page: scanning it once is enough.
    // Signed in, the admin site takes every route in both everyday combinations (night on a
    // desktop, day on a phone): it has no visitor pages to spend the scans on.
    const every =
      isEveryRouteCombo(c) || (app === "admin" && c.signedIn && c.theme === "night" && c.width === 1280);
    const wanted = app === "admin" && !c.signedIn ? ["/login"] : every ? all : keys;
    // Routes without parameters first: their links give the others theirs.
    const ordered = [...wanted].sort((a, b) => Number(a.includes("$")) - Number(b.includes("$")));
    const { context, page } = await contextFor(c, app);
    const findings: Finding[] = [];
    const missing: string[] = [];
    try {
      for (const pattern of ordered) {
        const address = addressOf(pattern, prefix);
        if (!address) {
          missing.push(pattern);
          continue;
        }
        findings.push(...(await scan(page, address, c.theme, prefix)));
        scanned.push(`${label(c)}  ${address}`);
      }
    } finally {
      await context.close();
    }
    expect(missing, `no address found for ${missing.join(", ")}: add a sample`).toEqual([]);
    return findings;
  }

  const report = (findings: Finding[]) =>
    findings.map((f) => `${f.route}: [${f.impact}] ${f.rule} — ${f.help}\n    ${f.nodes.join("\n    ")}`);

  // Signed-in combinations run first so their pages' links (posts, threads, jobs) are known.
  const ordered = [...ALL_COMBOS].sort((a, b) => Number(b.signedIn) - Number(a.signedIn));
  for (const c of ordered) {
    it(`main site — ${label(c)}`, async () => {
      expect(report(await scanApp("web", c)).join("\n")).toBe("");
    }, 600_000);
  }
  for (const c of ordered) {
    it(`admin site — ${label(c)}`, async () => {
      expect(report(await scanApp("admin", c)).join("\n")).toBe("");
    }, 600_000);
  }
});
