import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, submitLogin } from "./sign-in";

// The admin website's screens, one journey each, signed in as the demo admin through the form.

describe("the admin website's screens", () => {
  const { page } = useBrowser();

  async function adminPage(options: { width?: number } = {}): Promise<{ p: Page; errors: string[] }> {
    const { page: p, errors } = await page(options);
    await p.goto("/admin/");
    await submitLogin(p.getByRole("form", { name: "Staff sign in" }), "admin", "agora-admin");
    await p.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    return { p, errors };
  }

  it("Home shows the user stats and new users of today and this week", async () => {
    const { p, errors } = await adminPage({ width: 390 });
    const person = await newAccount(p.request);
    await p.getByRole("heading", { name: "User stats" }).waitFor();
    expect(Number(await p.getByTestId("stat-total_users").textContent())).toBeGreaterThan(0);
    await p.getByRole("button", { name: "This Week" }).click();
    expect(await p.getByRole("button", { name: "This Week" }).getAttribute("aria-pressed")).toBe("true");
    // Someone who joined just now is among this week's new users, and today's.
    await p.getByTestId("user-row").filter({ hasText: person.email }).waitFor();
    await p.getByRole("button", { name: "Today" }).click();
    await p.getByTestId("user-row").filter({ hasText: person.email }).waitFor();
    expect(errors).toEqual([]);
  });
});
