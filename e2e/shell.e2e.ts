import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";

const LEFT_MENU = [
  "Home",
  "Referral Rewards",
  "Build With Us",
  "Announce",
  "Send Feedback",
  "Services",
  "Manage Services",
  "Find Jobs",
  "Create Job",
  "Manage Jobs",
  "Find Communities",
  "Create Community",
  "Blog",
  "About Us",
  "Our Roadmap",
  "Privacy Policy",
  "Accessibility",
  "Contact",
];

describe("the main site's shell", () => {
  const { page, baseUrl } = useBrowser();

  it("shows every left menu item and Sign In, with no script error", async () => {
    const { page: p, errors } = await page();
    await p.goto("/");
    const menu = p.getByTestId("left-menu");
    for (const label of LEFT_MENU) {
      await expect.poll(() => menu.getByText(label, { exact: true }).count()).toBe(1);
    }
    await p.getByRole("button", { name: "Sign In" }).waitFor({ state: "visible" });
    expect(errors).toEqual([]);
  });

  it("starts in the night theme and switches to day", async () => {
    const { page: p } = await page();
    await p.goto("/");
    await expect(p.locator("html").getAttribute("data-theme")).resolves.toBe("night");
    await p.getByRole("button", { name: "Switch to day theme" }).click();
    await expect(p.locator("html").getAttribute("data-theme")).resolves.toBe("day");
  });

  it("searches on Enter and ignores empty input", async () => {
    const { page: p } = await page();
    await p.goto("/");
    const box = p.getByRole("searchbox", { name: "Search" });
    await box.press("Enter");
    expect(new URL(p.url()).pathname).toBe("/");
    await box.fill("edge rendering");
    await box.press("Enter");
    await p.waitForURL(/\/search\?/);
    const url = new URL(p.url());
    expect(url.searchParams.get("q")).toBe("edge rendering");
    // No kind named: the search page opens the kind that has results.
    expect(url.searchParams.get("type")).toBeNull();
  });

  it("shows the empty state with Return to Home on an unknown page", async () => {
    const { page: p, errors } = await page();
    await p.goto("/no/such/page");
    await p.getByRole("heading", { name: "Page not found" }).waitFor({ state: "visible" });
    await p.getByRole("link", { name: "Return to Home" }).click();
    await p.waitForURL(`${baseUrl()}/`);
    expect(errors).toEqual([]);
  });

  it("puts the left menu in a drawer on a phone", async () => {
    const { page: p } = await page({ width: 390, height: 800 });
    await p.goto("/");
    await p.getByRole("button", { name: "Open menu" }).waitFor({ state: "visible" });
    await expect(p.getByTestId("left-menu").isVisible()).resolves.toBe(false);
    await p.getByRole("button", { name: "Open menu" }).click();
    const drawer = p.locator("#left-menu-drawer");
    await drawer.getByRole("link", { name: "Find Jobs" }).waitFor({ state: "visible" });
    await drawer.getByRole("link", { name: "Find Jobs" }).click();
    await p.waitForURL(/\/jobs$/);
    await expect.poll(() => drawer.count()).toBe(0);
  });

  it("speaks Spanish to a Spanish browser", async () => {
    const { page: p } = await page({ locale: "es-ES" });
    await p.goto("/");
    await p.getByRole("button", { name: "Iniciar sesión" }).waitFor({ state: "visible" });
  });
});

describe("the featured carousel", () => {
  const { page, baseUrl } = useBrowser();

  it("opens an app link in the same tab", async () => {
    const { page: p, errors } = await page();
    await p.goto("/");
    const card = p.getByTestId("featured-track").getByRole("link", { name: /Join c\/agora/ });
    await expect(card.getAttribute("target")).resolves.toBeNull();
    await card.click();
    await p.waitForURL(`${baseUrl()}/c/agora`);
    expect(errors).toEqual([]);
  });

  it("opens any other link in a new tab that cannot reach back to Agora", async () => {
    const { page: p, context } = await page();
    // No internet here: the new tab gets a stand-in page for the card's address.
    await context.route("https://developers.cloudflare.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Workers</title>" }),
    );
    await p.goto("/");
    const card = p.getByTestId("featured-track").getByRole("link", { name: /Built on Workers/ });
    await expect(card.getAttribute("rel")).resolves.toContain("noopener");
    const [tab] = await Promise.all([context.waitForEvent("page"), card.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe("https://developers.cloudflare.com/workers/");
    await expect(tab.evaluate(() => window.opener)).resolves.toBeNull();
    expect(new URL(p.url()).pathname).toBe("/");
  });

  it("moves 216 px per click of Next and back with Previous", async () => {
    const { page: p } = await page();
    await p.goto("/");
    const track = p.getByTestId("featured-track");
    await track.getByRole("link").first().waitFor();
    const scrollLeft = () => track.evaluate((el) => el.scrollLeft);
    await p.getByRole("button", { name: "Next" }).click();
    await expect.poll(scrollLeft).toBe(216);
    await p.getByRole("button", { name: "Next" }).click();
    await expect.poll(scrollLeft).toBe(432);
    await p.getByRole("button", { name: "Previous" }).click();
    await expect.poll(scrollLeft).toBe(216);
  });
});

describe("after a deploy", () => {
  const { page, baseUrl } = useBrowser();

  /**
   * The home page in a tab that still points at the previous build's chunk for About Us, which now
   * 404s; answers the menu's link to it. The context's route also sees what the service worker
   * fetches for the page (Chromium).
   */
  async function staleAboutLink() {
    const { page: p } = await page();
    await p.goto("/");
    await p
      .context()
      .route(/\/assets\/about-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
    return { p, about: p.getByTestId("left-menu").getByRole("link", { name: "About Us" }) };
  }

  /** The tab went to /?nocache=1 and shows the app again. */
  async function reloaded(p: Page) {
    await p.waitForURL(`${baseUrl()}/?nocache=1`);
    await p.getByTestId("left-menu").waitFor({ state: "visible" });
  }

  it("reloads once to /?nocache=1 when a page's script chunk is gone", async () => {
    const { p, about } = await staleAboutLink();
    // A click with no pointer resting on the link first: a hover would load the chunk, and the
    // reload it starts could take the click onto the reloaded page (the next test).
    await about.dispatchEvent("click");
    await reloaded(p);
  });

  it("reloads as soon as the pointer rests on the link: the router loads the page's code then", async () => {
    const { p, about } = await staleAboutLink();
    await about.hover();
    await reloaded(p);
  });
});

describe("the shell on a phone", () => {
  const { page } = useBrowser();

  it("searches from the mobile search form", async () => {
    const { page: p } = await page({ width: 390, height: 844 });
    await p.goto("/");
    await p.getByRole("button", { name: "Search", exact: true }).click();
    // A phone neither shows nor loads the sidebar.
    await expect(p.getByTestId("right-sidebar").count()).resolves.toBe(0);
    const box = p.locator("#mobile-search");
    await expect(box.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await box.fill("solana");
    await box.press("Enter");
    await p.waitForURL(/\/search\?/);
    const url = new URL(p.url());
    expect(url.searchParams.get("q")).toBe("solana");
    expect(url.searchParams.get("type")).toBeNull();
    await expect.poll(() => box.count()).toBe(0);
  });

  it("switches language from the header", async () => {
    const { page: p } = await page({ width: 390, height: 844 });
    await p.goto("/");
    await p.getByLabel("Language").selectOption("pt");
    await p.getByRole("button", { name: "Entrar" }).waitFor({ state: "visible" });
    await p.reload();
    await p.getByRole("button", { name: "Entrar" }).waitFor({ state: "visible" });
  });
});

describe("the admin site", () => {
  const { page } = useBrowser();

  it("is a different SPA with a labelled username and password form", async () => {
    const { page: p, errors } = await page();
    await p.goto("/admin/");
    await p.getByLabel("Username").waitFor({ state: "visible" });
    await p.getByLabel("Password", { exact: false }).first().waitFor({ state: "visible" });
    // Its own document title: the page, then the site (each route of both SPAs names itself).
    await expect.poll(() => p.title()).toBe("Log In · Agora Admin");
    expect(errors).toEqual([]);
  });

  it("validates only after a field is touched and enables submit once the form is valid", async () => {
    const { page: p } = await page();
    await p.goto("/admin/blog");
    const submit = p.getByRole("button", { name: "Log In" });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect.poll(() => p.getByText("Required").count()).toBe(0);
    // A field speaks up once it was edited and left (shared/client/form.tsx).
    await p.getByLabel("Username").fill("a");
    await p.getByLabel("Username").fill("");
    await p.getByLabel("Username").blur();
    await expect.poll(() => p.getByText("Required").count()).toBe(1);
    await p.getByLabel("Username").fill("admin");
    await p.locator("input[name=password]").fill("agora-admin");
    await expect(submit.isEnabled()).resolves.toBe(true);
    await p.getByRole("button", { name: "Show password" }).click();
    await expect(p.locator("input[name=password]").getAttribute("type")).resolves.toBe("text");
  });
});
