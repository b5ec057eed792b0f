import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { playProviders } from "./provider-doubles";
import { accessToken, DEMO_PASSWORD, newAccount, PASSWORD_LABEL, signIn } from "./sign-in";
import { nextStaffCode, signInStaff, staffToken } from "./staff";

// The main journeys with the keyboard only : Tab and Shift+Tab to move, Enter and Space
// to act, arrows in menus. Pages are opened by address (as a bookmark would); no click anywhere.
// Every stop reached is checked for a visible focus ring.

/** What has focus: is it `target`, is it the page's edge, does it draw a ring, what it is. */
function readStop(target: Element) {
  const active = document.activeElement as HTMLElement | null;
  const edge = !active || active === document.body;
  // The focused control draws a ring (an outline or a shadow), or the box it sits in draws an
  // outline for it, as hasFocusRing below says.
  const outlined = (s: CSSStyleDeclaration) =>
    s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
  let ring = false;
  if (active && !edge) {
    const s = getComputedStyle(active);
    ring = outlined(s) || s.boxShadow !== "none";
    for (let box = active.parentElement; !ring && box && box !== document.body; box = box.parentElement)
      ring = outlined(getComputedStyle(box));
  }
  const name = active
    ? (active.getAttribute("aria-label") ?? active.textContent ?? "").trim().slice(0, 40)
    : "";
  return {
    connected: target.isConnected,
    reached: target === active,
    edge,
    ring,
    what: active ? `<${active.tagName.toLowerCase()}> "${name}"` : "nothing",
  };
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. Every stop on the
 * way must show a focus ring, not only the target (the page's edge, where focus leaves for the
 * browser, is no stop). The target is found once and each stop read in one evaluation: finding a
 * control by its role and name walks the whole page's accessibility names, which per key press
 * was most of a keyboard journey's time. A target the page has drawn again is found again.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 150 } = {}): Promise<void> {
  await target.waitFor();
  let handle = await target.elementHandle();
  let presses = 0;
  for (let found = 0; found < 20; ) {
    const stop = await page.evaluate(readStop, handle);
    if (!stop.connected) {
      await handle.dispose();
      handle = await target.elementHandle();
      found++;
      continue;
    }
    if (stop.reached) {
      await handle.dispose();
      expect(stop.ring, "the focused control shows a focus ring").toBe(true);
      return;
    }
    if (presses > 0 && !stop.edge) expect(stop.ring, `${stop.what} shows a focus ring`).toBe(true);
    if (presses === max) break;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    presses++;
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * The focused control draws a ring (an outline or a shadow), or the box it sits in draws an
 * outline for it: a field someone else draws (Stripe's card field) is framed by our `.field` box.
 */
const hasFocusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const outlined = (s: CSSStyleDeclaration) =>
      s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) > 0;
    const s = getComputedStyle(el);
    if (outlined(s) || s.boxShadow !== "none") return true;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
      if (outlined(getComputedStyle(box))) return true;
    return false;
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
    const items = page.getByRole("menuitemradio");
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
    await sheet.getByRole("heading", { name: "Post options" }).waitFor();
    const items = sheet.getByRole("menu").getByRole("menuitem");
    expect(await items.count()).toBeGreaterThan(1);
    await expect.poll(() => isFocused(items.first())).toBe(true);
    expect(await hasFocusRing(page)).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(items.nth(1))).toBe(true);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    // Up from the first item wraps to the last; End and Home jump to the ends.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => isFocused(items.last())).toBe(true);
    await page.keyboard.press("Home");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("End");
    await expect.poll(() => isFocused(items.last())).toBe(true);
    expect(await hasFocusRing(page)).toBe(true);
    // Tab goes on to the sheet's Cancel, which closes it and gives focus back to the button.
    await tabTo(page, sheet.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await sheet.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(options)).toBe(true);
    // Escape does the same.
    await page.keyboard.press("Enter");
    await sheet.waitFor();
    await expect.poll(() => isFocused(items.first())).toBe(true);
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

  it("reacts to a post: Tab to the react button, Enter, an arrow to the second emoji, Enter", async () => {
    const { page, context, errors } = await open();
    await signIn(context, await newAccount(page.request));
    await page.goto("/");
    const card = page.getByTestId("post-card").first();
    await tabTo(page, card.getByTestId("reaction-add"));
    await page.keyboard.press("Enter");
    const palette = card.getByTestId("reaction-palette");
    await expect.poll(() => isFocused(palette.getByRole("button", { name: "thumbs up" }))).toBe(true);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => isFocused(palette.getByRole("button", { name: "red heart" }))).toBe(true);
    await page.keyboard.press("Enter");
    // The palette closes, focus is back on its button, and the heart shows the reader's reaction.
    await expect.poll(() => isFocused(card.getByTestId("reaction-add"))).toBe(true);
    const heart = card.getByRole("button", { name: /reacted with red heart$/ });
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(Number(await heart.getByTestId("reaction-count").textContent())).toBeGreaterThanOrEqual(1);
    // It held: after a reload the server's count says the same.
    await page.reload();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
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
    // A new person, so the chat journey still finds farah and gus with no thread between them.
    await signIn(context, await newAccount(page.request));
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

  it("writes a post (community, title, a bold word from the toolbar), then deletes it from the options menu", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "bruno");
    await page.goto("/post");
    const picker = page.getByTestId("community-picker");
    await expect.poll(() => picker.isEnabled()).toBe(true);
    await tabTo(page, picker);
    // A closed <select> changes with the arrows, as people pick from it with the keyboard.
    for (let i = 0; i < 30 && (await picker.inputValue()) !== "agora"; i++)
      await page.keyboard.press("ArrowDown");
    expect(await picker.inputValue()).toBe("agora");

    const title = `Typed from the keyboard ${Date.now().toString(36)}`;
    await tabTo(page, page.getByRole("textbox", { name: "Title" }));
    await page.keyboard.type(title);
    // The toolbar is one Tab stop, its buttons a row the arrows, Home and End move along.
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const bold = toolbar.getByRole("button", { name: "Bold" });
    await tabTo(page, bold);
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toBe("Italic");
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("Add a picture");
    await page.keyboard.press("ArrowRight");
    expect(await focused(page)).toBe("Bold");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Home");
    expect(await isFocused(bold)).toBe(true);
    expect(await hasFocusRing(page)).toBe(true);
    // Bold, then the words; Ctrl+B turns bold off again inside the editor.
    await page.keyboard.press("Enter");
    const body = page.getByRole("textbox", { name: "Body" });
    await expect.poll(() => isFocused(body)).toBe(true);
    await page.keyboard.type("Bold words");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(" and plain words.");
    // Shift+Tab from the text is one step back to the toolbar, Tab one step forward again.
    await page.keyboard.press("Shift+Tab");
    expect(await isFocused(bold)).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => isFocused(body)).toBe(true);
    await tabTo(page, page.getByRole("button", { name: "Post", exact: true }));
    await page.keyboard.press("Enter");

    await page.waitForURL(/\/c\/agora\/p\/[^/]+\/typed-from-the-keyboard-/);
    const detail = page.getByTestId("post-detail");
    await detail.getByRole("heading", { name: title }).waitFor();
    await expect(detail.locator("strong").textContent()).resolves.toBe("Bold words");

    // The options menu: the arrows, Home and End move; Escape and Tab leave it.
    const options = detail.getByRole("button", { name: "Post options" });
    await tabTo(page, options);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Post options" });
    const items = menu.getByRole("menuitem");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    expect(await focused(page)).toBe("Save");
    expect(await hasFocusRing(page)).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Edit");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Delete");
    await page.keyboard.press("End");
    await expect.poll(() => isFocused(items.last())).toBe(true);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => isFocused(items.last())).toBe(true);
    await page.keyboard.press("Home");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(options)).toBe(true);
    expect(await options.getAttribute("aria-expanded")).toBe("false");
    // ArrowDown on the button opens the menu too; Tab leaves it closed.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("Tab");
    await menu.waitFor({ state: "detached" });
    expect(await hasFocusRing(page)).toBe(true);

    await tabTo(page, options, { back: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => isFocused(items.first())).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Delete");
    await page.keyboard.press("Enter");
    // A destructive question starts on Cancel; Tab reaches Delete.
    const question = page.getByRole("alertdialog", { name: "Do you really want to delete it?" });
    await question.waitFor();
    expect(await focused(page)).toBe("Cancel");
    await tabTo(page, question.getByRole("button", { name: "Delete" }));
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/c\/agora$/);
    await page.getByTestId("snackbar").filter({ hasText: "It was deleted" }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("opens the account menu and moves in it with the arrows, Home and End", async () => {
    const { page, context, errors } = await open();
    await signIn(context, "carmen");
    await page.goto("/settings/communication");
    const trigger = page.getByRole("button", { name: "Account menu for carmen" });
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Account" });
    const items = menu.getByRole("menuitem");
    // Opening puts focus on the first item there is: View Profile, or Get started once its code and
    // count have come (carmen has a step left: the demo data has her follow two people).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("menuitem");
    expect(await focused(page)).toMatch(/^(View Profile|Get started)/);
    await menu.getByRole("menuitem", { name: /^Get started/ }).waitFor();
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("Log Out");
    await page.keyboard.press("Home");
    expect(await focused(page)).toMatch(/^Get started/);
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("View Profile");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Saved posts");
    expect(await hasFocusRing(page)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => isFocused(trigger)).toBe(true);
    await expect.poll(() => items.count()).toBe(0);
    // ArrowUp on the button opens it at the last item.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => focused(page)).toBe("Log Out");
    await page.keyboard.press("Escape");
    await expect.poll(() => isFocused(trigger)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("subscribes up to the card: the plan's dialog takes focus, the card is typed, Pay is reached", async () => {
    const { page, context, errors } = await open();
    await signIn(context, await newAccount(page.request));
    await playProviders(context);
    await page.goto("/account/subscription");
    const subscribe = page.getByTestId("plan-USER").getByRole("button", { name: "SUBSCRIBE" });
    await tabTo(page, subscribe);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Subscribe to the User plan" });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expect(dialog.getByTestId("subscription-price").textContent()).resolves.toBe("$10");

    // Card is the chosen method; Stripe's card field is the next stop, then Pay and subscribe.
    const card = dialog.getByRole("button", { name: "Card" });
    await tabTo(page, card);
    expect(await card.getAttribute("aria-pressed")).toBe("true");
    const number = dialog.getByLabel("Card number");
    // The provider draws the field; the box around it shows the focus (checked by tabTo).
    await tabTo(page, number);
    await page.keyboard.type("4242 4242 4242 4242");
    const pay = dialog.getByRole("button", { name: "Pay and subscribe" });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    await tabTo(page, pay);

    // Escape leaves before paying, and focus is back on SUBSCRIBE.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(subscribe)).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe("the admin site with the keyboard only", { timeout: 120_000 }, () => {
  const { page: open } = useBrowser();

  async function api<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    const res = await fetch(`${lane().baseUrl}${path}`, { ...init, headers });
    expect(res.ok, `${path}: ${res.status} ${res.ok ? "" : await res.clone().text()}`).toBe(true);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  async function adminToken(): Promise<string> {
    return staffToken(lane().baseUrl);
  }

  /** Signs in through the staff form by the keyboard; `keyboard: false` takes the lane's staff token instead (no code wait). */
  async function signedInAdmin(path = "/admin/", { keyboard = false } = {}) {
    const opened = await open();
    const { page } = opened;
    if (!keyboard) {
      await signInStaff(page.context(), lane().baseUrl);
      await page.goto(path);
      await page.getByRole("button", { name: "Admin menu for admin" }).waitFor();
      return opened;
    }
    await page.goto(path);
    const form = page.getByRole("form", { name: "Staff sign in" });
    await tabTo(page, form.getByLabel("Username"));
    await page.keyboard.type("admin");
    await tabTo(page, form.getByLabel(PASSWORD_LABEL));
    await page.keyboard.type("agora-admin");
    await page.keyboard.press("Enter");
    // The code step's field takes the focus: the code and Enter.
    await page.getByRole("form", { name: "Two-factor code" }).waitFor();
    await page.keyboard.type(await nextStaffCode(new URL(page.url()).origin));
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    return opened;
  }

  /** Follows a link of the staff menu with Tab and Enter. */
  async function openPage(page: Page, name: string) {
    await tabTo(page, page.getByTestId("admin-menu").getByRole("link", { name, exact: true }));
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: new RegExp(`^${name}`) }).waitFor();
  }

  const snackbar = (page: Page, text: string) =>
    page.getByTestId("snackbar").filter({ hasText: text }).first().waitFor();

  it("signs in and moves in the account menu with the arrows, Home and End", async () => {
    const { page, errors } = await signedInAdmin("/admin/", { keyboard: true });
    const trigger = page.getByRole("button", { name: "Admin menu for admin" });
    await tabTo(page, trigger);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Account" });
    await menu.waitFor();
    expect(await focused(page)).toBe("Profile");
    expect(await hasFocusRing(page)).toBe(true);
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toBe("Security");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toMatch(/^Night Mode/);
    await page.keyboard.press("End");
    expect(await focused(page)).toBe("Log Out");
    await page.keyboard.press("Home");
    expect(await focused(page)).toBe("Profile");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(trigger)).toBe(true);
    // Tab leaves the menu, and it closes.
    await page.keyboard.press("Enter");
    await menu.waitFor();
    await page.keyboard.press("Tab");
    await menu.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
  });

  it("resolves a post's report: the dialog's radio with the arrows, a note, Resolve", async () => {
    const title = `Reported for the keyboard ${Date.now()}`;
    const form = new FormData();
    form.set("title", title);
    form.set("community_name", "crypto");
    form.set("body", "<p>Send me coins and I will double them.</p>");
    const post = await api<{ link: string }>("/api/v1/private/user/micropost", await accessToken("gus"), {
      method: "POST",
      body: form,
    });
    const report = new FormData();
    report.set("report_cause", "SPAM");
    report.set("link", post.link);
    report.set("text", "This post asks for coins and promises to double them: a scam.");
    await api("/api/v1/private/user/report", await accessToken("carmen"), { method: "POST", body: report });

    const { page, errors } = await signedInAdmin();
    await openPage(page, "Reports");
    const group = page.getByTestId("report-group").filter({ hasText: title });
    await tabTo(page, group.getByRole("button", { name: "Resolve" }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Resolve these reports" });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // The first action is checked; ArrowDown checks the next one, as radio groups do.
    const dismiss = dialog.getByRole("radio", { name: "Dismiss" });
    await tabTo(page, dismiss);
    await page.keyboard.press("ArrowDown");
    const remove = dialog.getByRole("radio", { name: "Remove the post or comment" });
    await expect.poll(() => remove.isChecked()).toBe(true);
    expect(await isFocused(remove)).toBe(true);
    await tabTo(page, dialog.getByLabel("Note"));
    await page.keyboard.type("Scam, removed by keyboard");
    await tabTo(page, dialog.getByRole("button", { name: "Resolve" }));
    await page.keyboard.press("Enter");
    await snackbar(page, "The reports were resolved");
    await group.waitFor({ state: "detached" });
    // The Resolve button that opened the dialog is gone with its group: focus goes to the page's
    // content (no ring around the whole column), and the next Tab lands on a control with a ring.
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    expect(await hasFocusRing(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("moves a job to REVIEW and back, answering the question with the keyboard", async () => {
    const { page, errors } = await signedInAdmin();
    await openPage(page, "Jobs");
    const confirmed = page
      .getByTestId("job-row")
      .filter({ has: page.getByTestId("job-status").getByText("CONFIRMED", { exact: true }) })
      .first();
    const title = (await confirmed.locator("p").first().textContent())!;
    const row = page.getByTestId("job-row").filter({ hasText: title });
    const status = "CONFIRMED";
    const target = "REVIEW";
    const move = row.getByRole("button", { name: target });
    await tabTo(page, move);
    await page.keyboard.press("Enter");
    const question = page.getByRole("alertdialog", { name: "Are you sure about this?" });
    await question.waitFor();
    expect(await question.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Escape says no, and focus is back on the button.
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(move)).toBe(true);
    expect(await row.getByTestId("job-status").textContent()).toBe(status);

    await page.keyboard.press("Enter");
    await question.waitFor();
    await tabTo(page, question.getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await snackbar(page, `The job is now ${target}`);
    await expect.poll(() => row.getByTestId("job-status").textContent()).toBe(target);
    await expect.poll(() => move.getAttribute("aria-pressed")).toBe("true");
    // Focus stays on the button that was pressed, so the next one is a Tab away.
    await expect.poll(() => isFocused(move)).toBe(true);

    // And back where it was, for the other journeys.
    const back = row.getByRole("button", { name: status });
    await tabTo(page, back, { back: true });
    await page.keyboard.press("Enter");
    await question.waitFor();
    await tabTo(page, question.getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await snackbar(page, `The job is now ${status}`);
    await expect.poll(() => row.getByTestId("job-status").textContent()).toBe(status);
    expect(errors).toEqual([]);
  });

  it("publishes and unpublishes a blog post with Space on its switch", async () => {
    const token = await adminToken();
    const title = `Keyboard blog ${Date.now().toString(36)}`;
    const made = await api<{ id: number }>("/api/admin/private/admin/blog", token, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title, category: "GUIDE", body: "<p>Written for the keyboard journey.</p>" }),
    });
    const { page, errors } = await signedInAdmin();
    await openPage(page, "Blog");
    const toggle = page.getByRole("switch", { name: `Published: ${title}` });
    await tabTo(page, toggle);
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await page.keyboard.press("Space");
    const question = page.getByRole("alertdialog", { name: "Do you really want to publish this?" });
    await question.waitFor();
    await tabTo(page, question.getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await snackbar(page, "It was published");
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await expect.poll(() => isFocused(toggle)).toBe(true);

    await page.keyboard.press("Space");
    const again = page.getByRole("alertdialog", {
      name: "This blog was already published. Do you want to unpublish it?",
    });
    await again.waitFor();
    await tabTo(page, again.getByRole("button", { name: "Confirm" }));
    await page.keyboard.press("Enter");
    await snackbar(page, "It was unpublished");
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false");
    await api("/api/admin/private/admin/blog", token, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: made.id }),
    });
    expect(errors).toEqual([]);
  });
});
