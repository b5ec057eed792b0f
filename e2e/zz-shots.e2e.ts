import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { routeContext } from "./routes";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("shots", async () => {
  for (const theme of ["night", "day"] as const) {
    const { context, page } = await routeContext(browser, {
      app: "web",
      signedIn: true,
      theme,
      width: 320,
      height: 640,
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const post = await page.$$eval("a[href*='/p/']", (as) =>
      (as as HTMLAnchorElement[]).map((a) => a.pathname).find((p) => p.split("/").length > 5),
    );
    await page.goto("/chat");
    await page.waitForLoadState("networkidle");
    const thread = await page.$$eval("a[href^='/chat/thread/']", (as) =>
      (as as HTMLAnchorElement[]).map((a) => a.pathname).find((p) => !p.includes("/new")),
    );
    const pages: [string, string][] = [
      ["home", "/"],
      ["post", post!],
      ["chatlist", "/chat"],
      ["chat", thread!],
      ["settings", "/settings/account"],
      ["profile", "/user/carmen"],
      ["members", "/c/webdev/members"],
    ];
    for (const [name, addr] of pages) {
      await page.goto(addr);
      await page.waitForLoadState("networkidle");
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await page.waitForTimeout(400);
      await page.screenshot({
        path: `/tmp/zoom-shots/${name}-${theme}.png`,
        fullPage: name !== "chat" && name !== "chatlist",
      });
    }
    await context.close();
    const a = await routeContext(browser, { app: "admin", signedIn: true, theme, width: 320, height: 640 });
    for (const [name, addr] of [
      ["admin-users", "/admin/users"],
      ["admin-reports", "/admin/reports"],
      ["admin-home", "/admin/"],
    ]) {
      await a.page.goto(addr!);
      await a.page.waitForLoadState("networkidle");
      await a.page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      await a.page.waitForTimeout(400);
      await a.page.screenshot({ path: `/tmp/zoom-shots/${name}-${theme}.png`, fullPage: true });
    }
    await a.context.close();
  }
  expect(1).toBe(1);
}, 300_000);
