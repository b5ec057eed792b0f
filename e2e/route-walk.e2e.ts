import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRequests, launchBrowser, quiet } from "./browser";
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

// Every route of both SPAs, walked once per view (who × theme × viewport), each page loaded once
// and given every check of its view:
//
// - axe-core (docs/decisions/090): every route as a visitor (night, 1280 px) and signed in (day,
//   390 px); the key routes in the six other combinations of who × theme × width too. Serious and
//   critical violations fail, and so do the heading rules of ALWAYS_FAIL whatever their impact.
// - HTML_CodeSniffer (WCAG2AA, the engine pa11y runs; docs/decisions/090), on the pages the
//   everyday axe views already loaded (every route as a visitor at night on a desktop and signed in
//   by day on a phone; the admin site's every signed-in route at night on a desktop too): its
//   errors fail, but for the codes of HTMLCS_EXCLUDED; its warnings and notices are left to people.
// - Reflow and zoom (WCAG 1.4.10 and 1.4.4): every route, as a visitor and signed in, at 320 CSS px
//   wide and at 1280 px zoomed to 200%. Each page must read without scrolling sideways, keep its
//   words (names, addresses, titles, the words of buttons and links) inside their boxes, and keep
//   the header's controls on screen.
// - Headings, in the same reflow views: one h1, levels never skipped going down, no empty heading.
// - Pictures and icons, in the same reflow views: each described or hidden from assistive technology.
// - WCAG 2.2's criteria the engines miss (docs/decisions/153), on every route of the everyday views
//   (a visitor at night on a desktop, signed in by day on a phone; the admin site's signed-in
//   desktop too), in one evaluation per page: 2.5.8 target size (every pointer target 24 × 24 CSS px
//   or spaced as the criterion's exception says; links inside sentences are exempt), 1.4.12 text
//   spacing (the criterion's spacing applied, no text newly cut off by its box), 3.3.7 and 3.3.8
//   (each password, email, user name and one-time code field says what it holds in `autocomplete`,
//   so password managers fill it; nothing stops pasting), and 3.2.6 consistent help (the Contact
//   link sits in the same place on every page of a site). On the same views, 2.4.11 focus not
//   obscured: every control is focused in the order Tab takes them, and each must be in view and
//   not entirely covered by the sticky header, the tab bar, a notice or a banner.
//
// Each check of each view is its own test, so a failure names the check, the view and the pages.
// The routes come from the generated route trees, so a new screen is walked without touching this
// file; a route with parameters takes them from a link a walked page showed (a real post, job,
// thread…) or from SAMPLES, and the view's tests fail if it finds neither.
//
// A page is opened twice per site and visitor or signed-in person: at a phone's width (390 px) and
// at a desktop's (1280 px). Every view of that device then checks it in turn on that page, the
// theme set to the view's and the window narrowed to the view's width, as zooming in narrows it
// (320 CSS px is a 1280 px window at 400%, 640 px one at 200%). A page is never checked wider than
// it was opened. A walk loads its first page; it opens the others as a person following links
// does, through the SPA's router (each route's code, data and pictures load then; the SPA's start
// and the question of who is signed in happen once). The walks (site × visitor or signed in ×
// phone or desktop) go side by side in one browser, each in its own context; a visitor's walk
// takes the routes with parameters once the signed-in walks of its site have shown their links
// (posts, threads, jobs).
//
// 200% zoom is a 640 × 400 CSS px window: browser zoom divides the CSS viewport by the zoom, so
// layout and media queries are those of a 1280 × 800 window at 200% (the device pixel ratio, which
// zoom doubles too, changes no layout). Chromium's page scale factor (the CDP
// Emulation.setPageScaleFactor) is the pinch zoom instead: it magnifies without reflowing, which
// is not what 1.4.4 and 1.4.10 ask about.

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const htmlcsSource = readFileSync(require.resolve("html_codesniffer/build/HTMLCS.js"), "utf8");

/** How many walks go at once (E2E_WALK_PAGES=1 walks them one by one). */
const AT_ONCE = Math.max(1, Number(process.env.E2E_WALK_PAGES ?? 4));

/**
 * Rules that fail whatever impact axe gives them: headings in order on every page (WCAG 1.3.1
 * and 2.4.6 — axe rates a skipped level "moderate", and a page without a title heading or a heading
 * with no words leaves a screen-reader user's heading list useless).
 */
const ALWAYS_FAIL = new Set(["heading-order", "page-has-heading-one", "empty-heading"]);

/**
 * HTML_CodeSniffer's error codes that are wrong about these pages, each with why (the rest of its
 * errors fail, like axe's serious ones).
 */
const HTMLCS_EXCLUDED = new Map<string, string>([]);

const WEB_KEY_ROUTES = ["/", "/c/$name", "/c/$name/p/$publicId/$slug", "/user/$username", "/chat", "/signin"];
const ADMIN_KEY_ROUTES = ["/", "/users", "/login"];

type Check =
  | "axe"
  | "htmlcs"
  | "reflow"
  | "headings"
  | "pictures"
  | "targets"
  | "spacing"
  | "autocomplete"
  | "help"
  | "focus";

/** The checks of WCAG 2.2's criteria the engines miss, run where axe takes every route. */
const WCAG22: Check[] = ["targets", "spacing", "autocomplete", "help", "focus"];

interface View {
  app: App;
  signedIn: boolean;
  theme: Theme;
  width: number;
  height: number;
  /** How the view reads in test names: "signed in, day, 390 px", "visitor, 320 px". */
  name: string;
  /** The route patterns it walks. */
  routes: string[];
  checks: Check[];
}

const siteOf = (app: App) => (app === "web" ? "main site" : "admin site");
const whoOf = (signedIn: boolean) => (signedIn ? "signed in" : "visitor");

/** The axe-core views: every route where a site is used most, its key routes elsewhere. */
function axeViews(app: App): View[] {
  const views: View[] = [];
  for (const signedIn of [true, false])
    for (const theme of ["night", "day"] as const)
      for (const width of [1280, 390]) {
        const everyday =
          (!signedIn && theme === "night" && width === 1280) ||
          (signedIn && theme === "day" && width === 390);
        // Signed in, the admin site takes every route in both everyday combinations (night on a
        // desktop, day on a phone): it has no visitor pages to spend the scans on.
        const every = everyday || (app === "admin" && signedIn && theme === "night" && width === 1280);
        const routes =
          // Signed out, every admin route is the login page: scanning it once is enough.
          app === "admin" && !signedIn
            ? ["/login"]
            : every
              ? routesOf(app)
              : app === "web"
                ? WEB_KEY_ROUTES
                : ADMIN_KEY_ROUTES;
        views.push({
          app,
          signedIn,
          theme,
          width,
          height: width < 600 ? 844 : 900,
          name: `${whoOf(signedIn)}, ${theme}, ${width} px`,
          routes: plainFirst(routes),
          // HTML_CodeSniffer where axe takes every route, and on a signed-in desktop's key
          // routes (the view a reviewer's default run sees).
          checks: [
            ...(every || (signedIn && theme === "night" && width === 1280)
              ? (["axe", "htmlcs"] as Check[])
              : (["axe"] as Check[])),
            ...(every ? WCAG22 : []),
          ],
        });
      }
  return views;
}

/** The reflow views (night): 320 px, and 1280 px at 200% zoom. */
function reflowViews(app: App): View[] {
  const modes = [
    { name: "320 px", width: 320, height: 640 },
    { name: "1280 px at 200%", width: 640, height: 400 },
  ];
  return [true, false].flatMap((signedIn) =>
    modes.map((mode) => ({
      app,
      signedIn,
      theme: "night" as const,
      ...mode,
      name: `${whoOf(signedIn)}, ${mode.name}`,
      // Signed out, every admin route is the login page.
      routes: app === "admin" && !signedIn ? ["/login"] : plainFirst(routesOf(app)),
      checks: ["reflow", "headings", "pictures"] as Check[],
    })),
  );
}

const VIEWS: View[] = (["web", "admin"] as const).flatMap((app) => [...axeViews(app), ...reflowViews(app)]);

/** axe-core's serious and critical violations of the page, and those of ALWAYS_FAIL. */
async function axeProblems(page: Page, address: string): Promise<string[]> {
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
    .map((v) => `${address}: [${v.impact}] ${v.rule} — ${v.help}\n    ${v.nodes.join("\n    ")}`);
}

/** HTML_CodeSniffer's errors on the page (WCAG 2 AA), but for those of HTMLCS_EXCLUDED. */
async function htmlcsProblems(page: Page, address: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, as axe is: the site's CSP stays in force.
  if (!(await page.evaluate(() => "HTMLCS" in window))) await page.evaluate(htmlcsSource);
  const errors = await page.evaluate(
    () =>
      new Promise<{ code: string; msg: string; element: string }[]>((resolve, reject) => {
        interface Message {
          type: number;
          code: string;
          msg: string;
          element: Element | Document;
        }
        const htmlcs = (
          window as unknown as {
            HTMLCS: {
              process(
                standard: string,
                content: Document,
                done: () => void,
                failed: () => void,
                lang: string,
              ): void;
              getMessages(): Message[];
            };
          }
        ).HTMLCS;
        const describe = (el: Element | Document) => {
          if (!(el instanceof Element)) return "the document";
          const id = el.id ? `#${el.id}` : "";
          const cls =
            typeof el.className === "string" && el.className.trim()
              ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}`
              : "";
          const named = el.getAttribute("aria-label") ?? el.getAttribute("name") ?? "";
          const text = (named || (el.textContent ?? "")).trim().replace(/\s+/g, " ").slice(0, 40);
          return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
        };
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                // 1 is an error; 2 a warning and 3 a notice, which ask a person to look.
                .filter((m) => m.type === 1)
                .map((m) => ({ code: m.code, msg: m.msg, element: describe(m.element) })),
            ),
          () => reject(new Error("HTML_CodeSniffer could not run")),
          "en",
        );
      }),
  );
  return errors
    .filter((e) => !HTMLCS_EXCLUDED.has(e.code))
    .map((e) => `${address}: ${e.code} — ${e.msg}\n    ${e.element}`);
}

type LayoutProblems = Record<"reflow" | "headings" | "pictures", string[]>;

/** The header's controls a page keeps on screen: what they are, and their names' pattern. */
function headerControls(app: App, signedIn: boolean): [string, string][] {
  if (app === "web")
    return [
      ["the menu button", "^Open menu$"],
      signedIn ? ["the account menu", "^Account menu for "] : ["Sign In", "^Sign In$"],
    ];
  return signedIn
    ? [
        ["the menu button", "^Open menu$"],
        ["the account menu", "^Admin menu for "],
      ]
    : [["the login form's button", "^Log In$"]];
}

/** What one page breaks, by check, in words a reader of the failure can act on. */
async function layoutProblems(page: Page, app: App, signedIn: boolean): Promise<LayoutProblems> {
  return page.evaluate(
    ({ controls }) => {
      const reflow: string[] = [];
      const headings: string[] = [];
      const pictures: string[] = [];
      const vw = document.documentElement.clientWidth;
      const describe = (el: Element) => {
        const id = el.id ? `#${el.id}` : "";
        const cls =
          typeof el.className === "string"
            ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}`
            : "";
        const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
        return `<${el.tagName.toLowerCase()}${id}${cls === "." ? "" : cls}> "${text}"`;
      };
      const shown = (el: Element) => {
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.display === "none") return false;
        return el.getClientRects().length > 0;
      };
      /** Whether a box between the element and the page scrolls or clips it on its own. */
      const ownBox = (el: Element) => {
        for (
          let a = el.parentElement;
          a && a !== document.body && a !== document.documentElement;
          a = a.parentElement
        ) {
          const o = getComputedStyle(a).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden" || o === "clip") return true;
        }
        return false;
      };

      // 1. No sideways scrolling of the page; name what sticks out (the outermost such boxes).
      const se = document.scrollingElement ?? document.documentElement;
      const all = Array.from(document.body.querySelectorAll("*"));
      const beyond = all.filter((el) => {
        if (!shown(el) || ownBox(el)) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > vw + 1 || r.left < -1);
      });
      const outermost = beyond.filter((el) => !beyond.some((b) => b !== el && b.contains(el)));
      if (se.scrollWidth > se.clientWidth + 1 || outermost.length > 0) {
        reflow.push(
          `the page is ${se.scrollWidth} px wide in a ${se.clientWidth} px window; beyond it: ${outermost
            .slice(0, 4)
            .map(
              (el) =>
                `${describe(el)} (${Math.round(el.getBoundingClientRect().left)}…${Math.round(el.getBoundingClientRect().right)})`,
            )
            .join(", ")}`,
        );
      }

      // 2. Words cut off by their own box (names, addresses, titles): they wrap instead. Text only
      // for screen readers (a 1 px box) is meant to be out of sight.
      for (const el of all) {
        const style = getComputedStyle(el);
        if (style.overflowX !== "hidden" && style.overflowX !== "clip") continue;
        if (!shown(el) || el.getBoundingClientRect().width <= 1) continue;
        if (!(el.textContent ?? "").trim()) continue;
        if (el.scrollWidth > el.clientWidth + 1) {
          reflow.push(`text cut off in ${describe(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }

      // 3. The header's controls on screen.
      const named = (re: RegExp) =>
        Array.from(document.querySelectorAll("button, a")).find((b) =>
          re.test(b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""),
        );
      const wanted = controls.map(([what, source]) => [what, new RegExp(source)] as const);
      for (const [what, re] of wanted) {
        const el = named(re);
        const r = el?.getBoundingClientRect();
        if (!el || !r || !shown(el) || r.width === 0 || r.left < 0 || r.right > vw + 1) {
          reflow.push(`${what} is not on screen`);
        }
      }

      // 4. The outline: one h1, and going down a level at a time.
      const shownHeadings = Array.from(
        document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]"),
      ).filter((h) => shown(h) && !h.closest("[aria-hidden=true], [hidden], dialog:not([open])"));
      const level = (h: Element) => Number(h.getAttribute("aria-level") ?? h.tagName.slice(1));
      const h1s = shownHeadings.filter((h) => level(h) === 1);
      if (h1s.length !== 1) {
        headings.push(`${h1s.length} h1 headings (${h1s.map(describe).join(", ")}); a page has one`);
      }
      let previous = 0;
      for (const h of shownHeadings) {
        if (!(h.textContent ?? "").trim() && !h.getAttribute("aria-label"))
          headings.push(`empty heading ${describe(h)}`);
        if (previous && level(h) > previous + 1) {
          headings.push(`h${level(h)} after h${previous}: ${describe(h)}`);
        }
        previous = level(h);
      }

      // 5. Pictures described or decorative; icons hidden unless they are the only name.
      for (const img of Array.from(document.querySelectorAll("img"))) {
        if (!img.hasAttribute("alt") && img.getAttribute("role") !== "presentation") {
          pictures.push(`picture without alt: ${img.src.slice(0, 60)}`);
        }
      }
      for (const svg of Array.from(document.querySelectorAll("svg"))) {
        if (svg.closest("[aria-hidden=true]")) continue;
        const role = svg.getAttribute("role");
        const labelled =
          svg.getAttribute("aria-label") || svg.getAttribute("aria-labelledby") || svg.querySelector("title");
        if (role === "img" && labelled) continue;
        pictures.push(
          `an svg neither hidden (aria-hidden) nor named (role=img with a label): in ${describe(svg.parentElement ?? svg)}`,
        );
      }
      const unique = (list: string[]) => [...new Set(list)];
      return { reflow: unique(reflow), headings: unique(headings), pictures: unique(pictures) };
    },
    { controls: headerControls(app, signedIn) },
  );
}

type Wcag22Problems = Record<"targets" | "spacing" | "autocomplete" | "focus", string[]> & {
  /** Where the page's Contact link sits ("" without one), for 3.2.6 across pages. */
  help: string;
};

/**
 * WCAG 2.2's checks the engines miss, in one evaluation of the page (docs/decisions/153): target
 * size, text spacing, autocomplete, where help sits, and focus not obscured.
 */
async function wcag22Problems(page: Page): Promise<Wcag22Problems> {
  return page.evaluate(async () => {
    const targets: string[] = [];
    const spacing: string[] = [];
    const autocomplete: string[] = [];
    const focus: string[] = [];
    const describe = (el: Element) => {
      const id = el.id && !/^[:«]/.test(el.id) ? `#${el.id}` : "";
      const named =
        el.getAttribute("aria-label") ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.getAttribute("name") ??
        el.textContent ??
        "";
      return `<${el.tagName.toLowerCase()}${id}> "${named.trim().replace(/\s+/g, " ").slice(0, 40)}"`;
    };
    const shown = (el: Element) => {
      if (el.closest("[aria-hidden=true], [inert], dialog:not([open])")) return false;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") return false;
      const r = el.getBoundingClientRect();
      // Text only for screen readers is a 1 px box, out of sight on purpose.
      return r.width > 1 && r.height > 1;
    };
    const pointerTargets = Array.from(
      document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=menuitem], [role=switch], [role=checkbox], [role=radio], [role=option], [role=link]",
      ),
    ).filter(
      (el) =>
        shown(el) && !(el as HTMLButtonElement).disabled && getComputedStyle(el).pointerEvents !== "none",
    );

    // 2.5.8 target size: 24 × 24, or a 24 px circle round its centre touching no other target (nor
    // another small target's circle). Exempt: links inside a sentence, and the browser's own
    // controls left as they are (a checkbox or radio whose label is the bigger target).
    const MIN = 24;
    const boxes = pointerTargets.map((el) => ({ el, r: el.getBoundingClientRect() }));
    const inSentence = (el: HTMLElement) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      const block = el.parentElement?.closest("p, li, td, dd, blockquote, figcaption, label, span, div");
      const text = (block?.textContent ?? "").replace(/\s+/g, " ").trim();
      return text.length > (el.textContent ?? "").trim().length + 1;
    };
    const labelled = (el: HTMLElement) => {
      if (!(el instanceof HTMLInputElement) || !["checkbox", "radio"].includes(el.type)) return false;
      return Array.from(el.labels ?? []).some((l) => {
        const r = l.getBoundingClientRect();
        return r.width >= MIN && r.height >= MIN;
      });
    };
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToBox = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const small = boxes.filter(
      ({ el, r }) => (r.width < MIN - 0.5 || r.height < MIN - 0.5) && !inSentence(el) && !labelled(el),
    );
    for (const { el, r } of small) {
      const c = centre(r);
      const crowded = boxes.find(({ el: other, r: o }) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        const otherSmall = small.some((s) => s.el === other);
        return otherSmall
          ? Math.hypot(centre(o).x - c.x, centre(o).y - c.y) < MIN
          : distanceToBox(c, o) < MIN / 2;
      });
      if (crowded)
        targets.push(
          `${describe(el)} is ${Math.round(r.width)} × ${Math.round(r.height)} px and ${describe(crowded.el)} is within 12 px of its centre`,
        );
    }

    // 3.3.7 / 3.3.8: what a password manager fills, said in autocomplete.
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>("input"))) {
      const ac = (input.getAttribute("autocomplete") ?? "").trim().split(/\s+/);
      const has = (...tokens: string[]) => tokens.some((t) => ac.includes(t));
      if (input.type === "password" && !has("current-password", "new-password"))
        autocomplete.push(
          `password field ${describe(input)} without autocomplete current-password or new-password`,
        );
      if (input.type === "email" && !has("email", "username"))
        autocomplete.push(`email field ${describe(input)} without autocomplete email or username`);
      if (
        /(^|[-_])(code|otp|totp)($|[-_])/i.test(`${input.name} ${input.id}`) &&
        input.inputMode === "numeric" &&
        !has("one-time-code")
      )
        autocomplete.push(`code field ${describe(input)} without autocomplete one-time-code`);
      if (input.maxLength > 0 && input.type === "password" && input.maxLength < 64)
        autocomplete.push(`password field ${describe(input)} cuts pasted passwords at ${input.maxLength}`);
    }

    // 3.2.6 consistent help: where the site's Contact link sits (its landmark, outside the page's
    // own content, and its place among the landmark's links).
    const LANDMARK = "nav, aside, footer, header, [role=navigation], [role=contentinfo]";
    const contact = Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]")).find(
      (a) => a.pathname === "/contact" && !a.closest("main") && a.closest(LANDMARK),
    );
    const landmark = contact?.closest(LANDMARK);
    const help =
      contact && landmark
        ? `${landmark.tagName.toLowerCase()}[${landmark.getAttribute("aria-label") ?? ""}] link ${Array.from(
            landmark.querySelectorAll("a[href]"),
          ).indexOf(contact)}`
        : "";

    // 1.4.12 text spacing: the criterion's spacing applied, no text newly cut off by its box.
    // Boxes that cut on purpose (a preview of a few lines ending in "…") are left out: the whole
    // text is a link away.
    const cuts = (o: string) => o === "hidden" || o === "clip";
    /** Whether `el` cuts off its own text now (one style read per element, one pass per page). */
    const cutsText = (el: Element, style: CSSStyleDeclaration) =>
      (cuts(style.overflowY) && el.scrollHeight > el.clientHeight + 2) ||
      (cuts(style.overflowX) && el.scrollWidth > el.clientWidth + 2);
    const style = document.createElement("style");
    style.textContent =
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";
    document.head.append(style);
    const vw = document.documentElement.clientWidth;
    const spaced: { el: Element; size: string }[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const s = getComputedStyle(el);
      if (!cuts(s.overflowX) && !cuts(s.overflowY)) continue;
      if (s.webkitLineClamp !== "none" || s.textOverflow === "ellipsis") continue;
      if (!(el.textContent ?? "").trim() || !shown(el)) continue;
      if (cutsText(el, s))
        spaced.push({
          el,
          size: `${el.scrollWidth} × ${el.scrollHeight} px in ${el.clientWidth} × ${el.clientHeight} px`,
        });
    }
    const se = document.scrollingElement ?? document.documentElement;
    if (se.scrollWidth > vw + 1) spacing.push(`the page scrolls sideways: ${se.scrollWidth} px in ${vw} px`);
    style.remove();
    // Only what the spacing cut off: a box that cut its text before it is another check's.
    for (const { el, size } of spaced)
      if (!cutsText(el, getComputedStyle(el))) spacing.push(`text cut off in ${describe(el)} (${size})`);

    // 2.4.11 focus not obscured: each control focused in Tab's order, in view and not entirely
    // under something else (the sticky header, the tab bar, a notice, a banner).
    const tabbable = Array.from(
      document.querySelectorAll<HTMLElement>(
        "a[href], button:not(:disabled), input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled), summary, [tabindex]",
      ),
    ).filter((el) => el.tabIndex >= 0 && shown(el));
    const start = { x: scrollX, y: scrollY };
    const vh = document.documentElement.clientHeight;
    // The first 80: past them a page repeats its cards (a feed's posts), each like the last.
    for (const el of tabbable.slice(0, 80)) {
      el.focus({ focusVisible: true } as FocusOptions);
      if (document.activeElement !== el) continue;
      const r = el.getBoundingClientRect();
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < vw && y! < vh);
      const seen = points.some(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return (
          hit !== null &&
          (hit === el || el.contains(hit) || hit.contains(el) || hit.closest("label")?.contains(el))
        );
      });
      if (!seen) {
        const hit = points.length ? document.elementFromPoint(points[0]![0]!, points[0]![1]!) : null;
        const cover =
          hit?.closest("header, nav, aside, footer, [popover], [role=status], [role=alert], dialog") ?? hit;
        focus.push(
          points.length === 0
            ? `${describe(el)} is focused out of view (${Math.round(r.left)}, ${Math.round(r.top)})`
            : `${describe(el)} is focused under ${cover ? describe(cover) : "nothing drawn"}`,
        );
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    scrollTo(start.x, start.y);
    const unique = (list: string[]) => [...new Set(list)];
    return {
      targets: unique(targets),
      spacing: unique(spacing),
      autocomplete: unique(autocomplete),
      focus: unique(focus),
      help,
    };
  });
}

/**
 * Whether the page has drawn what its checks look at: a title heading, and the header's controls
 * where the view checks them. The network can fall quiet while a busy machine is still running the
 * SPA's scripts, before it has even asked who is signed in.
 */
function drawn(names: string[]): boolean {
  const named = (source: string) =>
    Array.from(document.querySelectorAll("button, a")).some((b) =>
      new RegExp(source).test(b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""),
    );
  return (
    document.querySelector("h1, [role=heading][aria-level='1']") !== null &&
    names.every((source) => named(source))
  );
}

/**
 * Opens `address` in the SPA the page already shows, as following one of its links does: through
 * its router, without loading its scripts and asking who is signed in again. False when the page
 * shows no SPA yet or the address is another SPA's, for a full load instead.
 */
async function follow(page: Page, address: string): Promise<boolean> {
  const here = new URL(page.url());
  const admin = (path: string) => path === "/admin" || path.startsWith("/admin/");
  if (!here.protocol.startsWith("http") || admin(here.pathname) !== admin(address)) return false;
  return page
    .evaluate(async (href) => {
      interface Router {
        history: { push(path: string): void };
        state: {
          status: string;
          isLoading: boolean;
          location: { href: string };
          resolvedLocation?: { href: string };
        };
      }
      const router = (self as unknown as { __TSR_ROUTER__?: Router }).__TSR_ROUTER__;
      if (!router) return false;
      router.history.push(href);
      // The router loads the route's code and data and draws it (or where it redirects): wait
      // until it rests there.
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
        const { status, isLoading, location, resolvedLocation } = router.state;
        if (status === "idle" && !isLoading && resolvedLocation?.href === location.href) break;
      }
      return true;
    }, address)
    .catch(() => false);
}

/** What a view's walk found: each check's problems, page by page, and the routes without an address. */
interface Walked {
  problems: Record<Check, string[]>;
  missing: string[];
  /** Where each page's Contact link sits (3.2.6), by address. */
  help: Map<string, string>;
}

/** At most `n` walks at once, in the order they asked. */
function slots(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((go) => waiting.push(go));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

describe("every route, each page loaded once per view: axe-core, HTML_CodeSniffer, reflow, headings, pictures", () => {
  let browser: Browser;
  const links = new RouteLinks();
  const walkedPages: string[] = [];
  let loads = 0;
  /** Pages reached through the SPA's router instead. */
  let moves = 0;
  /** Milliseconds HTML_CodeSniffer took, all pages together. */
  let htmlcsTime = 0;
  /** Milliseconds WCAG 2.2's own checks took, all pages together. */
  let wcag22Time = 0;
  /** Milliseconds axe-core, the layout checks, and reaching and settling pages took. */
  let axeTime = 0;
  let layoutTime = 0;
  let reachTime = 0;
  let resizeTime = 0;
  const walks = new Map<View, Promise<Walked>>();

  /**
   * Walks the routes of one site as a visitor or signed in on one device (a phone or a desktop): each
   * page loaded once, then checked for every view that walks its route, widest first.
   */
  async function walk(
    app: App,
    signedIn: boolean,
    views: View[],
    linksReady: Promise<unknown>,
  ): Promise<Map<View, Walked>> {
    const prefix = prefixOf(app);
    const results = new Map<View, Walked>(
      views.map((v) => [
        v,
        {
          problems: {
            axe: [],
            htmlcs: [],
            reflow: [],
            headings: [],
            pictures: [],
            targets: [],
            spacing: [],
            autocomplete: [],
            help: [],
            focus: [],
          },
          missing: [],
          help: new Map(),
        },
      ]),
    );
    // The device's views widest first: the page is opened at the widest, then narrowed as zooming
    // in narrows it.
    const widestFirst = [...views].sort((a, b) => b.width - a.width);
    const { context, page } = await routeContext(browser, {
      app,
      signedIn,
      theme: "night",
      width: widestFirst[0]!.width,
      height: widestFirst[0]!.height,
    });
    countRequests(page);
    const routes = plainFirst([...new Set(views.flatMap((v) => v.routes))]);
    try {
      for (const pattern of routes) {
        // Routes with parameters take addresses from links: those of the walks this one waits on.
        if (pattern.includes("$")) await linksReady;
        const address = links.addressOf(pattern, prefix);
        if (!address) {
          for (const v of views.filter((v) => v.routes.includes(pattern)))
            results.get(v)!.missing.push(pattern);
          continue;
        }
        const viewing = widestFirst.filter((v) => v.routes.includes(pattern));
        const reachStarted = Date.now();
        await page.setViewportSize({ width: viewing[0]!.width, height: viewing[0]!.height });
        if (await follow(page, address)) moves++;
        else {
          await page.goto(address);
          loads++;
        }
        await quiet(page);
        const names = headerControls(app, signedIn).map(([, source]) => source);
        if (!(await page.evaluate(drawn, names))) {
          // Not drawn yet: wait for it (a page that never draws it fails its checks), then settle.
          await page.waitForFunction(drawn, names, { timeout: 15_000 }).catch(() => undefined);
          await quiet(page);
        }
        await links.collect(page, prefix);
        reachTime += Date.now() - reachStarted;
        for (const view of viewing) {
          const { problems } = results.get(view)!;
          const size = page.viewportSize();
          const resizeStarted = Date.now();
          if (size?.width !== view.width || size.height !== view.height) {
            await page.setViewportSize({ width: view.width, height: view.height });
            await page.evaluate(
              () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
            );
            await quiet(page);
          }
          await settleTheme(page, view.theme);
          resizeTime += Date.now() - resizeStarted;
          if (view.checks.includes("axe")) {
            const started = Date.now();
            problems.axe.push(...(await axeProblems(page, address)));
            axeTime += Date.now() - started;
          }
          if (view.checks.includes("htmlcs")) {
            const started = Date.now();
            problems.htmlcs.push(...(await htmlcsProblems(page, address)));
            htmlcsTime += Date.now() - started;
          }
          if (view.checks.includes("reflow")) {
            const started = Date.now();
            const found = await layoutProblems(page, app, signedIn);
            for (const check of ["reflow", "headings", "pictures"] as const)
              problems[check].push(...found[check].map((p) => `${address}: ${p}`));
            layoutTime += Date.now() - started;
          }
          if (view.checks.includes("targets")) {
            const started = Date.now();
            const found = await wcag22Problems(page);
            for (const check of ["targets", "spacing", "autocomplete", "focus"] as const)
              problems[check].push(...found[check].map((p) => `${address}: ${p}`));
            results.get(view)!.help.set(address, found.help);
            wcag22Time += Date.now() - started;
          }
          walkedPages.push(`${siteOf(app)}, ${view.name}  ${address}`);
        }
      }
    } finally {
      await context.close();
    }
    return results;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const slot = slots(AT_ONCE);
    // One walk per site, visitor or signed in, and device (a phone's widths or a desktop's), each in
    // its own browser context. The signed-in walks of a site go first; its visitor walks take the
    // routes without parameters beside them, and those with parameters once the signed-in walks
    // have shown their links (posts, threads, jobs).
    const deviceViews = (app: App, signedIn: boolean) => {
      const views = VIEWS.filter((v) => v.app === app && v.signedIn === signedIn);
      return [views.filter((v) => v.width >= 600), views.filter((v) => v.width < 600)].filter(
        (d) => d.length,
      );
    };
    const walkOf = (app: App, signedIn: boolean, views: View[], linksReady: Promise<unknown>) => {
      const w = slot(() => walk(app, signedIn, views, linksReady));
      for (const view of views)
        walks.set(
          view,
          w.then((r) => r.get(view)!),
        );
      return w;
    };
    for (const app of ["web", "admin"] as const) {
      const signedIn = deviceViews(app, true).map((views) => walkOf(app, true, views, Promise.resolve()));
      const shown = Promise.allSettled(signedIn);
      for (const views of deviceViews(app, false)) walkOf(app, false, views, shown);
    }
    // Each walk's failure is reported by its view's tests.
    for (const w of walks.values()) w.catch(() => undefined);
  });

  afterAll(async () => {
    await Promise.allSettled(walks.values());
    await browser?.close();
    console.log(
      `route walk: ${loads} page loads, ${moves} moves within a loaded SPA, ${walkedPages.length} pages checked, ${Math.round(htmlcsTime / 1000)} s in HTML_CodeSniffer, ${Math.round(wcag22Time / 1000)} s in WCAG 2.2's own checks, ${Math.round(axeTime / 1000)} s in axe-core, ${Math.round(layoutTime / 1000)} s in the layout checks, ${Math.round(reachTime / 1000)} s reaching pages, ${Math.round(resizeTime / 1000)} s resizing and theming\n${walkedPages.join("\n")}`,
    );
  });

  const TITLES: Record<Check, string> = {
    axe: "axe-core: no serious or critical violation, headings in order",
    htmlcs: "HTML_CodeSniffer (WCAG 2 AA): no error",
    reflow: "reflow: no sideways scrolling, words inside their boxes, the header's controls on screen",
    headings: "headings: one h1, no level skipped, none empty",
    pictures: "pictures and icons: described, or hidden from assistive technology",
    targets: "2.5.8 target size: every pointer target 24 × 24 px or spaced apart",
    spacing: "1.4.12 text spacing: no text cut off with the criterion's spacing",
    autocomplete: "3.3.7 and 3.3.8: password, email and code fields say what they hold",
    help: "3.2.6 consistent help: the Contact link in the same place on every page",
    focus: "2.4.11 focus not obscured: every focused control in view and not covered",
  };
  for (const check of [
    "axe",
    "htmlcs",
    "reflow",
    "headings",
    "pictures",
    "targets",
    "spacing",
    "autocomplete",
    "help",
    "focus",
  ] as const) {
    describe(TITLES[check], () => {
      for (const view of VIEWS.filter((v) => v.checks.includes(check))) {
        it(`${siteOf(view.app)} — ${view.name}`, async () => {
          const { problems, missing, help } = await walks.get(view)!;
          expect(missing, `no address found for ${missing.join(", ")}: add a sample`).toEqual([]);
          if (check === "help") {
            // Every page of the site shows it where the others do (or none shows it at all).
            const places = new Map<string, string[]>();
            for (const [address, place] of help) places.set(place, [...(places.get(place) ?? []), address]);
            const found = [...places].map(
              ([place, addresses]) => `${place || "no Contact link"}: ${addresses.join(", ")}`,
            );
            expect(found, found.join("\n")).toHaveLength(1);
          }
          expect(problems[check].join("\n")).toBe("");
        }, 1_200_000);
      }
    });
  }
});
