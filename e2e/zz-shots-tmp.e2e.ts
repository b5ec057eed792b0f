import { it } from "vitest";
import { useBrowser } from "./browser";
import { submitLogin } from "./sign-in";

const { page } = useBrowser();
it("shots", async () => {
  for (const width of [390, 1280]) {
    const { page: p } = await page({ width, height: 900 });
    await p.goto("/admin/");
    await submitLogin(p.getByRole("form", { name: "Staff sign in" }), "admin", "agora-admin");
    await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    const shots: Array<[string, string, () => Promise<unknown>]> = [
      ["blog-list", "/admin/blog", () => p.getByTestId("blog-card").first().waitFor()],
      ["blog-new", "/admin/blog/new", () => p.getByTestId("rich-editor").waitFor()],
      ["blog-edit", "/admin/blog/1", () => p.getByTestId("rich-editor").waitFor()],
      ["tpl-list", "/admin/email/template", () => p.getByTestId("template-card").first().waitFor()],
      ["tpl-new", "/admin/email/template/new", () => p.locator("iframe").waitFor()],
      ["tpl-edit", "/admin/email/template/1", () => p.locator("iframe, [role=alert]").first().waitFor()],
    ];
    for (const theme of ["night", "day"]) {
      for (const [name, url, ready] of shots) {
        await p.goto(url);
        await ready();
        await p.evaluate((t) => {
          document.documentElement.dataset.theme = t;
        }, theme);
        await p.waitForTimeout(700);
        await p.screenshot({ path: `/tmp/shots-b/${name}-${width}-${theme}.png`, fullPage: true });
      }
    }
    await p.goto("/admin/email/template/new");
    await p.getByLabel("MJML").fill("<mjml><mj-body><mj-nonsense>x</mj-nonsense></mj-body></mjml>");
    await p.getByText("Failed to render MJML").waitFor();
    await p.screenshot({ path: `/tmp/shots-b/tpl-broken-${width}.png`, fullPage: true });
    await p.goto("/admin/blog");
    await p.getByTestId("blog-card").first().getByRole("switch").click();
    await p.getByTestId("confirm-dialog").waitFor();
    await p.screenshot({ path: `/tmp/shots-b/blog-confirm-${width}.png` });
  }
}, 120_000);
