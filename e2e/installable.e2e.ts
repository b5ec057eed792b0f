import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, signIn } from "./sign-in";

// Agora as an installed app: the manifest and its icons, the service worker controlling the whole
// site, the offline page, and Settings → Notifications.

describe("the installable app", () => {
  const { page } = useBrowser();

  it("has a manifest with its icons, and a service worker that controls the whole site", async () => {
    const { page: p, errors } = await page();
    await p.goto("/");
    const manifestHref = await p.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBe("/manifest.webmanifest");
    const manifest = await (await p.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({
      name: "Agora",
      short_name: "Agora",
      start_url: "/",
      display: "standalone",
    });
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(manifest.icons.some((i: { purpose: string }) => i.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const res = await p.request.get(icon.src);
      expect(res.headers()["content-type"]).toBe("image/png");
    }
    await expect
      .poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);
    const scope = await p.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe("/");
    // Chromium's own verdict, the one Lighthouse's "installable manifest" audit reads: no error.
    const cdp = await p.context().newCDPSession(p);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // (A test's fresh browser context is an incognito one, which is never installable itself.)
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
    // Another page of the site is controlled too.
    await p.goto("/search");
    expect(await p.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("shows the offline page when the network is gone, and loads again when it is back", async () => {
    const { page: p, context } = await page();
    await p.goto("/");
    await expect
      .poll(() => p.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 })
      .toBe(true);
    // Nothing of the page still loading: a lazy chunk cut off by going offline reloads the app
    // (web/src/lib/stale-chunk.ts), and that reload would abort the navigation below.
    await p.waitForLoadState("networkidle");
    await context.setOffline(true);
    await p.goto("/about");
    await p.getByRole("heading", { name: "You are offline" }).waitFor();
    await p.getByRole("button", { name: "Try again" }).waitFor();
    await context.setOffline(false);
    await p.goto("/about");
    await p.getByRole("heading", { name: "You are offline" }).waitFor({ state: "detached" });
    expect(await p.title()).not.toContain("offline");
  });

  it("turns a kind's e-mail off in Settings → Notifications, and it stays off", async () => {
    const { page: p, context, errors } = await page();
    const me = await newAccount(context.request);
    await signIn(context, me);
    await p.goto("/settings/notifications");
    const mentions = p.getByRole("region", { name: "Mentions" });
    const email = mentions.getByRole("switch", { name: "E-mail" });
    await expect.poll(() => email.getAttribute("aria-checked")).toBe("true");
    await email.click();
    await expect.poll(() => email.getAttribute("aria-checked")).toBe("false");
    await p.reload();
    await expect
      .poll(() =>
        p
          .getByRole("region", { name: "Mentions" })
          .getByRole("switch", { name: "E-mail" })
          .getAttribute("aria-checked"),
      )
      .toBe("false");
    // Upvotes never go out by e-mail: there is no switch to suggest they might.
    await expect.poll(() => p.getByRole("region", { name: "Upvotes" }).getByRole("switch").count()).toBe(2);
    // What reaches this person away is written in the language they choose here.
    const language = p.getByLabel("Pushes and the e-mail of what you missed are written in");
    await language.selectOption("pt");
    await p.getByRole("status").filter({ hasText: "Language saved" }).waitFor();
    await p.reload();
    await expect
      .poll(() => p.getByLabel("Pushes and the e-mail of what you missed are written in").inputValue())
      .toBe("pt");
    expect(errors).toEqual([]);
  });
});
