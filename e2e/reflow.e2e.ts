import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { type App, plainFirst, prefixOf, RouteLinks, routeContext, routesOf } from "./routes";

// Reflow and zoom (WCAG 1.4.10 and 1.4.4): every route of both SPAs, as a visitor and signed in,
// at 320 CSS px wide and at 1280 px zoomed to 200%. Each page must read without scrolling
// sideways, keep its words (names, addresses, titles, the words of buttons and links) inside their boxes, and keep the header's
// controls on screen. The same walk checks each page's outline: one h1, levels never skipped
// going down, and every picture and icon either described or hidden from assistive technology.
//
// 200% zoom is emulated as a 640 px viewport at device scale factor 2: browser zoom divides the
// CSS viewport by the zoom and multiplies devicePixelRatio by it, so layout, media queries and
// pixel density are those of a 1280 px window at 200%. Chromium's page scale factor (the CDP
// Emulation.setPageScaleFactor) is the pinch zoom instead: it magnifies without reflowing, which
// is not what 1.4.4 and 1.4.10 ask about.

interface Mode {
  name: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
}
const MODES: Mode[] = [
  { name: "320 px", width: 320, height: 640, deviceScaleFactor: 1 },
  { name: "1280 px at 200%", width: 640, height: 400, deviceScaleFactor: 2 },
];

/** What one page breaks, in words a reader of the failure can act on. */
async function problemsOf(page: Page, app: App, signedIn: boolean): Promise<string[]> {
  return page.evaluate(
    ({ app, signedIn }) => {
      const problems: string[] = [];
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
        problems.push(
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
          problems.push(`text cut off in ${describe(el)} (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }

      // 3. The header's controls on screen.
      const named = (re: RegExp) =>
        Array.from(document.querySelectorAll("button, a")).find((b) =>
          re.test(b.getAttribute("aria-label") ?? b.textContent?.trim() ?? ""),
        );
      const wanted: [string, RegExp][] =
        app === "web"
          ? [
              ["the menu button", /^Open menu$/],
              signedIn ? ["the account menu", /^Account menu for /] : ["Sign In", /^Sign In$/],
            ]
          : signedIn
            ? [
                ["the menu button", /^Open menu$/],
                ["the account menu", /^Admin menu for /],
              ]
            : [["the login form's button", /^Log In$/]];
      for (const [what, re] of wanted) {
        const el = named(re);
        const r = el?.getBoundingClientRect();
        if (!el || !r || !shown(el) || r.width === 0 || r.left < 0 || r.right > vw + 1) {
          problems.push(`${what} is not on screen`);
        }
      }

      // 4. The outline: one h1, and going down a level at a time.
      const headings = Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")).filter(
        (h) => shown(h) && !h.closest("[aria-hidden=true], [hidden], dialog:not([open])"),
      );
      const level = (h: Element) => Number(h.getAttribute("aria-level") ?? h.tagName.slice(1));
      const h1s = headings.filter((h) => level(h) === 1);
      if (h1s.length !== 1) {
        problems.push(`${h1s.length} h1 headings (${h1s.map(describe).join(", ")}); a page has one`);
      }
      let previous = 0;
      for (const h of headings) {
        if (!(h.textContent ?? "").trim() && !h.getAttribute("aria-label"))
          problems.push(`empty heading ${describe(h)}`);
        if (previous && level(h) > previous + 1) {
          problems.push(`h${level(h)} after h${previous}: ${describe(h)}`);
        }
        previous = level(h);
      }

      // 5. Pictures described or decorative; icons hidden unless they are the only name.
      for (const img of Array.from(document.querySelectorAll("img"))) {
        if (!img.hasAttribute("alt") && img.getAttribute("role") !== "presentation") {
          problems.push(`picture without alt: ${img.src.slice(0, 60)}`);
        }
      }
      for (const svg of Array.from(document.querySelectorAll("svg"))) {
        if (svg.closest("[aria-hidden=true]")) continue;
        const role = svg.getAttribute("role");
        const labelled =
          svg.getAttribute("aria-label") || svg.getAttribute("aria-labelledby") || svg.querySelector("title");
        if (role === "img" && labelled) continue;
        problems.push(
          `an svg neither hidden (aria-hidden) nor named (role=img with a label): in ${describe(svg.parentElement ?? svg)}`,
        );
      }
      return [...new Set(problems)];
    },
    { app, signedIn },
  );
}

describe("reflow at 320 px and 200% zoom, and each page's outline", () => {
  let browser: Browser;
  const links = new RouteLinks();
  const walked: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    console.log(`reflow: ${walked.length} pages\n${walked.join("\n")}`);
  });

  async function walk(app: App, signedIn: boolean, mode: Mode): Promise<string[]> {
    const prefix = prefixOf(app);
    // Signed out, every admin route is the login page.
    const wanted = app === "admin" && !signedIn ? ["/login"] : plainFirst(routesOf(app));
    const { context, page } = await routeContext(browser, { app, signedIn, theme: "night", ...mode });
    const found: string[] = [];
    const missing: string[] = [];
    try {
      for (const pattern of wanted) {
        const address = links.addressOf(pattern, prefix);
        if (!address) {
          missing.push(pattern);
          continue;
        }
        await page.goto(address);
        await page.waitForLoadState("networkidle").catch(() => undefined);
        await links.collect(page, prefix);
        for (const p of await problemsOf(page, app, signedIn)) found.push(`${address}: ${p}`);
        walked.push(`${signedIn ? "signed in" : "visitor"}, ${mode.name}  ${address}`);
      }
    } finally {
      await context.close();
    }
    expect(missing, `no address found for ${missing.join(", ")}: add a sample`).toEqual([]);
    return found;
  }

  // Signed in first, so the pages' links (posts, threads, jobs) are known to the visitor's walk.
  for (const app of ["web", "admin"] as const) {
    for (const signedIn of [true, false]) {
      for (const mode of MODES) {
        it(`${app === "web" ? "main" : "admin"} site — ${signedIn ? "signed in" : "visitor"}, ${mode.name}`, async () => {
          expect((await walk(app, signedIn, mode)).join("\n")).toBe("");
        }, 600_000);
      }
    }
  }
});
