import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import {
  type App,
  plainFirst,
  prefixOf,
  RouteLinks,
  routeContext,
  routesOf,
  settleTheme,
  type Theme,
} from "./routes";

// axe-core over every route of both SPAs (docs/decisions/090). The routes come from the
// generated route trees, so a new screen is scanned without touching this file; a route with
// parameters takes them from a link the scanned pages show (a real post, job, thread…) or from
// SAMPLES, and the run fails if it finds neither.
//
// The matrix: every route as a visitor (night, 1280 px) and signed in (day, 390 px); the key
// routes in the six other combinations of who × theme × width too. One browser, one page per
// combination, navigated from route to route. Serious and critical violations fail, and so do
// the heading rules of ALWAYS_FAIL whatever their impact.

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Rules that fail whatever impact axe gives them: headings in order on every page (WCAG 1.3.1
 * and 2.4.6 — axe rates a skipped level "moderate", and a page without a title heading or a heading
 * with no words leaves a screen-reader user's heading list useless).
 */
const ALWAYS_FAIL = new Set(["heading-order", "page-has-heading-one", "empty-heading"]);

const WEB_KEY_ROUTES = ["/", "/c/$name", "/c/$name/p/$publicId/$slug", "/user/$username", "/chat", "/signin"];
const ADMIN_KEY_ROUTES = ["/", "/users", "/login"];

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
  const links = new RouteLinks();
  const scanned: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    console.log(`axe: ${scanned.length} scans\n${scanned.join("\n")}`);
  });

  async function scan(page: Page, address: string, theme: Theme, prefix: string): Promise<Finding[]> {
    await page.goto(address);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await links.collect(page, prefix);
    await settleTheme(page, theme);
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
      .filter((v) => v.impact === "serious" || v.impact === "critical" || ALWAYS_FAIL.has(v.rule))
      .map((v) => ({ route: address, ...v }));
  }

  async function scanApp(app: App, c: Combo): Promise<Finding[]> {
    const prefix = prefixOf(app);
    const all = routesOf(app);
    const keys = app === "web" ? WEB_KEY_ROUTES : ADMIN_KEY_ROUTES;
    // Signed out, every admin route is the login page: scanning it once is enough.
    // Signed in, the admin site takes every route in both everyday combinations (night on a
    // desktop, day on a phone): it has no visitor pages to spend the scans on.
    const every =
      isEveryRouteCombo(c) || (app === "admin" && c.signedIn && c.theme === "night" && c.width === 1280);
    const wanted = app === "admin" && !c.signedIn ? ["/login"] : every ? all : keys;
    // Routes without parameters first: their links give the others theirs.
    const ordered = plainFirst(wanted);
    const { context, page } = await routeContext(browser, { app, ...c });
    const findings: Finding[] = [];
    const missing: string[] = [];
    try {
      for (const pattern of ordered) {
        const address = links.addressOf(pattern, prefix);
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
