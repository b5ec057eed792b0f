import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, submitLogin } from "./sign-in";
import { enterStaffCode } from "./staff";

// The admin website's screens, one journey each, signed in as the demo admin through the form.

describe("the admin website's screens", () => {
  const { page } = useBrowser();

  async function adminPage(options: { width?: number } = {}): Promise<{ p: Page; errors: string[] }> {
    const { page: p, errors } = await page(options);
    await p.goto("/admin/");
    await submitLogin(p.getByRole("form", { name: "Staff sign in" }), "admin", "agora-admin");
    await enterStaffCode(p);
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

  it("Users finds a person, opens their page and changes their status after asking", async () => {
    const { p, errors } = await adminPage();
    const person = await newAccount(p.request);
    await p.getByTestId("admin-menu").getByRole("link", { name: "Users", exact: true }).click();
    await p.getByRole("searchbox", { name: "Search Users" }).fill(person.email);
    await p.getByTestId("user-row").filter({ hasText: person.email }).click();
    await p.waitForURL((url) => url.pathname === `/admin/${person.username}`);
    const card = p.getByTestId("user-card");
    await card.getByRole("button", { name: "SUSPENDED" }).click();
    await p.getByTestId("confirm-dialog").getByText("Are you sure about this?").waitFor();
    await p.getByTestId("confirm-dialog").getByRole("button", { name: "Confirm" }).click();
    await p
      .getByTestId("snackbar")
      .filter({ hasText: `User status updated to SUSPENDED for ${person.email}` })
      .waitFor();
    expect(await card.getByRole("button", { name: "SUSPENDED" }).getAttribute("aria-pressed")).toBe("true");
    // Admins lists the demo admin, whose page is their own profile.
    await p.getByTestId("admin-menu").getByRole("link", { name: "Admins" }).click();
    await p.getByTestId("admin-row").filter({ hasText: "admin" }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
