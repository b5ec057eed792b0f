import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { DEMO_PASSWORD, signIn } from "./sign-in";

// The main journeys with the keyboard only (issue 18): Tab and Shift+Tab to move, Enter and Space
// to act, arrows in menus. Pages are opened by address (as a bookmark would); no click anywhere.
// Every stop reached is checked for a visible focus ring.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      expect(await hasFocusRing(page), "the focused control shows a focus ring").toBe(true);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

const hasFocusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
  });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() : "";
  });

describe("the main site with the keyboard only", () => {
  const { page: open } = useBrowser();

  it("skips to the content, signs in through the dialog and gets focus back after Escape", async () => {
    const { page, errors } = await open();
    await page.goto("/");
    await page.getByTestId("post-card").first().waitFor();

    // The first Tab stop is the skip link; Enter moves focus to the main content.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("Skip to content");
    expect(await hasFocusRing(page)).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");

    // Escape closes the login dialog and focus returns to Sign In.
    const signInButton = page.getByRole("button", { name: "Sign In" });
    await tabTo(page, signInButton, { back: true });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Log In" });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(signInButton)).toBe(true);

    // Again, and this time log in with the keyboard.
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel("Username"));
    await page.keyboard.type("carmen");
    await tabTo(page, dialog.getByLabel(/^Password/));
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Account menu for carmen" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("votes with Space and changes the sort with the arrow keys", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "carmen");
    await page.goto("/");
    const vote = page.getByTestId("post-card").first().getByTestId("vote-button");
    await tabTo(page, vote);
    const before = await vote.getAttribute("aria-pressed");
    await page.keyboard.press("Space");
    await expect.poll(() => vote.getAttribute("aria-pressed")).toBe(before === "true" ? "false" : "true");
    await page.keyboard.press("Space"); // and back, for the other journeys
    await expect.poll(() => vote.getAttribute("aria-pressed")).toBe(before);

    const sort = page.getByTestId("feed-sort");
    await tabTo(page, sort, { back: true });
    const was = await sort.textContent();
    await page.keyboard.press("Enter");
    const items = page.getByRole("menuitem");
    await items.first().waitFor();
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(items.nth(1))).toBe(true);
    await page.keyboard.press("End");
    await expect.poll(() => isFocused(items.last())).toBe(true);
    // Escape closes the menu and gives focus back to its button.
    await page.keyboard.press("Escape");
    await expect.poll(() => isFocused(sort)).toBe(true);
    await page.keyboard.press("Enter");
    await items.first().waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect.poll(() => sort.textContent()).not.toBe(was);
    expect(errors).toEqual([]);
  });

  it("opens a post's options as a bottom sheet on a phone and moves with the arrows", async () => {
    const { page, errors } = await open({ width: 390, height: 844 });
    await page.goto("/");
    const options = page.getByTestId("post-card").first().getByRole("button", { name: "Post options" });
    await tabTo(page, options);
    await page.keyboard.press("Enter");
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    const items = sheet.getByRole("menuitem");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    if ((await items.count()) > 1) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => isFocused(items.nth(1))).toBe(true);
      await page.keyboard.press("ArrowUp");
      await expect.poll(() => isFocused(items.first())).toBe(true);
    }
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(options)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("searches from the header", async () => {
    const { page, errors } = await open();
    await page.goto("/");
    await tabTo(page, page.getByRole("searchbox", { name: "Search" }));
    await page.keyboard.type("edge");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).searchParams.get("q")).toBe("edge");
    expect(errors).toEqual([]);
  });

  it("comments on a post", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "carmen");
    await page.goto("/");
    const title = page.getByTestId("post-card").first().getByRole("heading").getByRole("link");
    await tabTo(page, title);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/c\/[^/]+\/p\//);
    const comments = page.locator("#comments");
    await tabTo(page, comments.getByRole("button", { name: "Add a comment" }));
    await page.keyboard.press("Enter");
    const box = comments.getByRole("textbox", { name: "Add a comment" });
    await box.waitFor();
    await expect.poll(() => isFocused(box)).toBe(true);
    const text = `Typed without a mouse ${Date.now()}`;
    await page.keyboard.type(text);
    await tabTo(page, comments.getByRole("button", { name: "Comment", exact: true }));
    await page.keyboard.press("Enter");
    await comments.getByTestId("comment").filter({ hasText: text }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("sends a chat message", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "farah");
    await page.goto("/chat/thread/new/gus");
    const message = page.getByRole("textbox", { name: "Message" });
    await tabTo(page, message);
    const text = `Hello by keyboard ${Date.now()}`;
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    await page.getByRole("log", { name: "Messages" }).getByText(text).waitFor();
    expect(errors).toEqual([]);
  });

  it("changes a setting with Space", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "carmen");
    await page.goto("/settings/communication");
    const upvotes = page.getByRole("switch", { name: "Upvotes" });
    await tabTo(page, upvotes);
    const before = await upvotes.getAttribute("aria-checked");
    await page.keyboard.press("Space");
    await expect.poll(() => upvotes.getAttribute("aria-checked")).not.toBe(before);
    await page.reload();
    await expect.poll(() => upvotes.getAttribute("aria-checked")).not.toBe(before);
    // Put it back with the keyboard too.
    await tabTo(page, upvotes);
    await page.keyboard.press("Space");
    await expect.poll(() => upvotes.getAttribute("aria-checked")).toBe(before);
    expect(errors).toEqual([]);
  });
});
