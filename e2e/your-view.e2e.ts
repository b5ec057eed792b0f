import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { accessToken, signIn } from "./sign-in";

// Saved posts and edit history, as a reader and an author use them. The server starts from the
// demo data (people with "password", the c/agora community).

describe("saved posts and edit history in the browser", () => {
  const { page: open, baseUrl } = useBrowser();

  async function api<T>(path: string, init: RequestInit & { user: string }): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${await accessToken(init.user)}`);
    const res = await fetch(`${baseUrl()}${path}`, { ...init, headers });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return (await res.json()) as T;
  }

  const visible = async (locator: ReturnType<Page["locator"]>) => {
    await locator.waitFor({ state: "visible", timeout: 15_000 });
    return true;
  };
  const snackbar = (page: Page, text: string) =>
    page.getByTestId("snackbar").filter({ hasText: text }).first();

  async function newPost(user: string, title: string, body: string) {
    const form = new FormData();
    form.set("title", title);
    form.set("body", body);
    form.set("community_name", "agora");
    return api<{ public_id: string; link: string }>("/api/v1/private/user/micropost", {
      method: "POST",
      body: form,
      user,
    });
  }

  it("saves a post from its options, finds it on the Saved page, and unsaves it there", async () => {
    const post = await newPost("bruno", "Worth keeping for later", "<p>Read me twice.</p>");
    const { page, context, errors } = await open();
    await signIn(context, "carmen");
    await page.goto(post.link);
    const detail = page.getByTestId("post-detail");
    await detail.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Save", exact: true }).click();
    await expect(visible(snackbar(page, "Saved to your Saved posts"))).resolves.toBe(true);

    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Saved posts" }).click();
    await page.waitForURL(/\/saved$/);
    const saved = page.getByRole("list", { name: "Your saved posts" });
    const card = saved.getByTestId("post-card").filter({ hasText: "Worth keeping for later" });
    await expect(visible(card)).resolves.toBe(true);

    await card.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Unsave" }).click();
    await expect(visible(snackbar(page, "Removed from your Saved posts"))).resolves.toBe(true);
    await expect(visible(page.getByText("You have not saved any posts"))).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it("shows 'edited' beside a post edited twice, and its versions with what changed", async () => {
    const post = await newPost("dev", "A post that changes", "<p>first draft of words</p>");
    for (const body of ["<p>second draft of words</p>", "<p>final draft of many words</p>"]) {
      await api("/api/v1/private/user/micropost", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ public_id: post.public_id, body }),
        user: "dev",
      });
    }
    const { page, errors } = await open();
    await page.goto(post.link);
    const edited = page
      .getByTestId("post-detail")
      .getByRole("button", { name: /^Edited .*: show the versions$/ });
    await edited.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Edit history" });
    const versions = dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
    await versions.first().waitFor();
    await expect(versions.count()).resolves.toBe(3);
    await expect(versions.first().textContent()).resolves.toContain("Current version");
    await expect(versions.first().locator("ins").allTextContents()).resolves.toEqual([
      "Added: final ",
      "Added: many ",
    ]);
    await expect(versions.first().locator("del").allTextContents()).resolves.toEqual(["Removed: second "]);
    await expect(versions.last().textContent()).resolves.toContain("first draft of words");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });

  it("makes a feed of two communities, reads it, hides what was marked read and undoes that", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "farah");
    await page.goto("/feeds/new");
    const form = page.getByTestId("feed-form");
    await form.getByLabel("Name").fill("Pictures and code");
    for (const name of ["webdev", "photography"]) {
      await form.getByLabel("Add a community").fill(name);
      await form.getByRole("button", { name: "Add", exact: true }).first().click();
    }
    await expect(visible(form.getByTestId("feed-community").nth(1))).resolves.toBe(true);
    await form.getByRole("button", { name: "Create feed" }).click();
    await page.waitForURL(/\/feeds\/[a-z0-9]+$/);
    await expect(visible(page.getByRole("heading", { name: "Pictures and code" }))).resolves.toBe(true);
    const list = page.getByRole("list", { name: "Posts of the feed Pictures and code" });
    await expect(visible(list.getByTestId("post-card").first())).resolves.toBe(true);
    const communities = await list.getByTestId("post-card").allInnerTexts();
    expect(communities.every((text) => /c\/(webdev|photography)/.test(text))).toBe(true);

    await page.getByRole("switch", { name: "Hide read" }).click();
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(
      visible(page.getByRole("status").filter({ hasText: /Marked \d+ posts read/ })),
    ).resolves.toBe(true);
    await expect(visible(page.getByText("You have read everything here"))).resolves.toBe(true);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(visible(list.getByTestId("post-card").first())).resolves.toBe(true);
    // Hide read is the person's setting, kept on the server: the home feed finds it on, and
    // turning it off there turns it off everywhere.
    await page.goto("/?sort=new");
    const homeSwitch = page.getByRole("switch", { name: "Hide read" });
    await expect(visible(homeSwitch)).resolves.toBe(true);
    expect(await homeSwitch.getAttribute("aria-checked")).toBe("true");
    await homeSwitch.click();
    await expect
      .poll(
        async () =>
          (
            await api<{ settings: Record<string, boolean> }>("/api/v1/private/user/auth/me", {
              user: "farah",
            })
          ).settings.HIDE_READ,
      )
      .toBe(false);
    // The menu lists the new feed, to get back to it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(
      visible(page.getByTestId("your-places").getByRole("link", { name: "Pictures and code" })),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
  });
});
