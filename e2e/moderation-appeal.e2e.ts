import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shot, useBrowser } from "./browser";
import { lane } from "./lane";
import { newAccount, signIn } from "./sign-in";
import { signInStaff } from "./staff";

// Moderation people can trust, end to end: staff remove a post from the reports queue, its author
// reads why in their notifications and appeals from there, staff reverse the decision on the
// Appeals page, and the post is back on the main site.

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(`${lane().baseUrl}${path}`, { ...init, headers });
  expect(res.ok, `${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (await res.json()) as T;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

/** With E2E_SCREENSHOTS=<folder>, the screens are saved there to be looked at. */
describe("a removal, its notice, the appeal and the reversal", () => {
  const { page } = useBrowser();

  // Staff signed in with the lane's staff session (the staff sign-in form and its code step are
  // walked by the accounts, admin, keyboard and two-factor journeys; one more here took a code
  // step, which a later sign-in of the lane could have to wait up to 30 s for).
  async function adminPage() {
    const opened = await page();
    await signInStaff(opened.context, lane().baseUrl);
    await opened.page.goto("/admin/");
    await opened.page.getByRole("button", { name: "Admin menu for admin" }).waitFor();
    return opened;
  }

  async function openMenu(p: Page, name: string) {
    const menu = p.getByTestId("admin-menu");
    if (!(await menu.isVisible())) await p.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name, exact: true }).click();
  }

  it("staff remove a post, the author appeals from the notice, staff reverse, and the post is back", async () => {
    const helper = (await page()).page.request;
    const author = await newAccount(helper, { trustLevel: 0 });
    const title = `Grandma's quince paste ${Date.now()}`;
    const post = await api<{ public_id: string; link: string }>("/api/v1/private/user/micropost", {
      method: "POST",
      token: author.token,
      body: form({ title, community_name: "crypto", body: "<p>Slow-cooked for hours with lemon.</p>" }),
    });
    const reporter = await newAccount(helper);
    await api("/api/v1/private/user/report", {
      method: "POST",
      token: reporter.token,
      body: form({
        report_cause: "SPAM",
        link: post.link,
        text: "Looks like an advert for a shop, not a recipe.",
      }),
    });

    // Staff remove it from the reports queue.
    const staff = await adminPage();
    await openMenu(staff.page, "Reports");
    const group = staff.page.getByTestId("report-group").filter({ hasText: title });
    await group.getByRole("button", { name: "Resolve" }).click();
    const resolve = staff.page.getByTestId("resolve-dialog");
    await resolve.getByLabel("Remove the post or comment").check();
    await resolve.getByLabel("Note").fill("Reads like an advert");
    await resolve.getByRole("button", { name: "Resolve" }).click();
    await staff.page.getByTestId("snackbar").filter({ hasText: "The reports were resolved" }).waitFor();
    expect((await fetch(`${lane().baseUrl}/api/v1/micropost?public_id=${post.public_id}`)).status).toBe(404);

    // The author opening their post reads that staff removed it and why, not "There is nothing here".
    const person = await page({ width: 390, height: 844 });
    await signIn(person.context, author);
    await person.page.goto(post.link);
    const removed = person.page.getByTestId("removed-post");
    await removed.getByRole("heading", { name: "Removed by staff" }).waitFor();
    expect(await removed.textContent()).toContain("Reason: Spam.");
    expect(await removed.textContent()).toContain("Staff note: Reads like an advert");
    await removed.getByRole("button", { name: "Appeal" }).waitFor();
    await shot(person.page, "first-hour-3-removed-post-author-390");

    // The author reads what was done and why, and appeals from the notice, by keyboard.
    await person.page.goto("/notifications");
    const notice = person.page
      .getByTestId("moderation-notice")
      .filter({ hasText: "Staff removed your post" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("Reason: Spam.");
    expect(await notice.textContent()).toContain("Staff note: Reads like an advert");
    await notice.getByRole("button", { name: "Appeal" }).focus();
    await person.page.keyboard.press("Enter");
    const appealForm = person.page.getByRole("form", { name: "Appeal" });
    await appealForm
      .getByLabel(/^Your appeal/)
      .fill("It is my grandmother's recipe; there is no shop and no link in it.");
    await appealForm.getByRole("button", { name: "Send appeal" }).click();
    await person.page.getByTestId("snackbar").filter({ hasText: "Your appeal was sent" }).waitFor();
    await person.page.getByTestId("appeal-state").filter({ hasText: "Your appeal was sent" }).waitFor();

    // Staff see the appeal with the content as it was, and reverse.
    await openMenu(staff.page, "Appeals");
    const appeal = staff.page.getByTestId("appeal").filter({ hasText: title });
    await appeal.waitFor();
    expect(await appeal.getByTestId("appeal-content").textContent()).toContain("Hidden from the site");
    await appeal.getByRole("button", { name: "Decide" }).click();
    const decide = staff.page.getByTestId("decide-dialog");
    await decide.getByLabel("Reverse: restore the content or lift the suspension").check();
    await decide.getByLabel("Note").fill("Sorry, a real recipe");
    await decide.getByRole("button", { name: "Decide" }).click();
    await staff.page.getByTestId("snackbar").filter({ hasText: "The appeal was decided" }).waitFor();
    await appeal.waitFor({ state: "detached" });

    // The author's open notifications follow at once: the same card now tells the whole story,
    // the staff's answer with its note.
    const card = person.page.getByTestId("moderation-notice");
    await card.getByTestId("decision-note").filter({ hasText: "Staff note: Sorry, a real recipe" }).waitFor();
    expect(await card.count()).toBe(1);
    await shot(person.page, "first-hour-3-decision-live-390");

    // The post is back on the main site, and after a reload the author still has one card whose
    // first step is still the removal as it was written.
    const { page: visitor } = await page();
    await visitor.goto(post.link);
    await visitor.getByRole("heading", { name: title }).waitFor();
    await person.page.reload();
    await person.page.getByText("Staff restored your post").first().waitFor();
    expect(await card.count()).toBe(1);
    const steps = card.getByTestId("moderation-step");
    expect(await steps.count()).toBe(3);
    expect(await steps.nth(0).textContent()).toContain("Staff removed your post");
    expect(await steps.nth(0).textContent()).toContain("Staff note: Reads like an advert");
    expect(await steps.nth(1).textContent()).toContain("You appealed");
    expect(await steps.nth(1).textContent()).toContain("It is my grandmother's recipe");
    expect(await steps.nth(2).textContent()).toContain("Your appeal was accepted.");
    expect(await steps.nth(2).textContent()).toContain("Staff note: Sorry, a real recipe");
    expect(staff.errors).toEqual([]);
    expect(person.errors).toEqual([]);
  });

  it("a community's moderator removes a post from its menu, and the public log shows it", async () => {
    const helper = (await page()).page.request;
    const owner = await newAccount(helper, { trustLevel: 2 });
    const moderator = await newAccount(helper, { trustLevel: 2 });
    const member = await newAccount(helper, { trustLevel: 2 });
    const name = `mods${Date.now() % 1e9}`;
    await api("/api/v1/private/user/community", { method: "POST", token: owner.token, body: form({ name }) });
    for (const who of [moderator, member])
      await api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", token: who.token });
    await api("/api/v1/private/user/community/moderator", {
      method: "POST",
      token: owner.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, username: moderator.username }),
    });
    const title = `Cheap watches ${Date.now()}`;
    await api("/api/v1/private/user/micropost", {
      method: "POST",
      token: member.token,
      body: form({ title, community_name: name, body: "<p>Click the link.</p>" }),
    });

    const mod = await page({ width: 390, height: 844 });
    await signIn(mod.context, moderator);
    await mod.page.goto(`/c/${name}`);
    const card = mod.page.getByTestId("post-card").filter({ hasText: title });
    await card.getByRole("button", { name: "Post options" }).click();
    await mod.page.getByRole("menuitem", { name: "Remove" }).click();
    const dialog = mod.page.getByTestId("mod-action-dialog");
    await dialog.getByLabel("Reason").fill("Spam links");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await mod.page.getByTestId("snackbar").filter({ hasText: "It was removed" }).waitFor();
    await card.waitFor({ state: "detached" });

    await mod.page.getByTestId("community-modlog-tab").click();
    const entry = mod.page.getByTestId("mod-log-entry").first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`u/${moderator.username}`);
    expect(await entry.textContent()).toContain("removed");
    expect(await entry.textContent()).toContain("Spam links");
    expect(await entry.textContent()).not.toContain("Cheap watches");
    await shot(mod.page, "community-mod-log-390");
    expect(mod.errors).toEqual([]);
  });
});
