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
  "Contact",
];

describe("the main site's shell", () => {
  const { page, baseUrl } = useBrowser();

  it("shows every left menu item and Sign In, with no script error", async () => {
    const { page: p, errors } = await page();
    await p.goto("/");
    const menu = p.getByTestId("left-menu");
    for (const label of LEFT_MENU) {
      await expect(menu.getByText(label, { exact: true }).count()).resolves.toBe(1);
    }
    await expect(p.getByRole("button", { name: "Sign In" }).isVisible()).resolves.toBe(true);
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
    expect(url.searchParams.get("type")).toBe("posts");
  });

  it("shows the empty state with Return to Home on an unknown page", async () => {
    const { page: p, errors } = await page();
    await p.goto("/no/such/page");
    await expect(p.getByText("There is nothing here").isVisible()).resolves.toBe(true);
    await p.getByRole("link", { name: "Return to Home" }).click();
    await p.waitForURL(`${baseUrl()}/`);
    expect(errors).toEqual([]);
  });

  it("puts the left menu in a drawer on a phone", async () => {
    const { page: p } = await page({ width: 390, height: 800 });
    await p.goto("/");
    await expect(p.getByTestId("left-menu").isVisible()).resolves.toBe(false);
    await p.getByRole("button", { name: "Open menu" }).click();
    const drawer = p.locator("#left-menu-drawer");
    await expect(drawer.getByRole("link", { name: "Find Jobs" }).isVisible()).resolves.toBe(true);
    await drawer.getByRole("link", { name: "Find Jobs" }).click();
    await p.waitForURL(/\/jobs$/);
    await expect(drawer.count()).resolves.toBe(0);
  });

  it("speaks Spanish to a Spanish browser", async () => {
    const { page: p } = await page({ locale: "es-ES" });
    await p.goto("/");
    await expect(p.getByRole("button", { name: "Iniciar sesión" }).isVisible()).resolves.toBe(true);
  });
});

describe("the admin site", () => {
  const { page } = useBrowser();

  it("is a different SPA with a labelled username and password form", async () => {
    const { page: p, errors } = await page();
    await p.goto("/admin/");
    await expect(p.getByLabel("Username").isVisible()).resolves.toBe(true);
    await expect(p.getByLabel("Password", { exact: false }).first().isVisible()).resolves.toBe(true);
    await expect(p.title()).resolves.toBe("Agora Admin");
    expect(errors).toEqual([]);
  });

  it("validates only after a field is touched and enables submit once the form is valid", async () => {
    const { page: p } = await page();
    await p.goto("/admin/blog");
    const submit = p.getByRole("button", { name: "Log In" });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(p.getByText("Required").count()).resolves.toBe(0);
    await p.getByLabel("Username").focus();
    await p.getByLabel("Username").blur();
    await expect(p.getByText("Required").count()).resolves.toBe(1);
    await p.getByLabel("Username").fill("admin");
    await p.locator("input[name=password]").fill("agora-admin");
    await expect(submit.isEnabled()).resolves.toBe(true);
    await p.getByRole("button", { name: "Show password" }).click();
    await expect(p.locator("input[name=password]").getAttribute("type")).resolves.toBe("text");
  });
});
