import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { newAccount, signIn } from "./sign-in";

// People, search, notifications, settings and the pages around them, as a newcomer
// meets them. Searching reads the demo data; anything that changes state happens between two
// accounts made for the run, so the other journeys' demo people stay as they were.

/** Stripe.js's test double (e2e/doubles), served in place of js.stripe.com. */
const STRIPE_DOUBLE = fileURLToPath(new URL("./doubles/stripe.js", import.meta.url));

const text = (p: Page, selector: string) => p.locator(selector).first().textContent();

describe("search", () => {
  const { page } = useBrowser();

  it("finds posts from the top bar, then comments, users and communities by their tabs", async () => {
    const { page: p, errors } = await page();
    await p.goto("/");
    // A search box, and a combobox once its suggestions have loaded on focus.
    const box = p.getByRole("combobox", { name: "Search" }).or(p.getByRole("searchbox", { name: "Search" }));
    await box.fill("Lisbon");
    await box.press("Enter");
    // No kind named: the page opens the kind that has results.
    await p.waitForURL(/\/search\?q=Lisbon/);
    const results = p.getByTestId("search-results");
    await results.getByRole("link", { name: "Golden hour in Lisbon" }).waitFor();
    await expect(results.getByRole("link", { name: "c/photography" }).count()).resolves.toBeGreaterThan(0);
    await expect(results.getByRole("link", { name: /u\/carmen/ }).count()).resolves.toBeGreaterThan(0);

    await p.getByRole("link", { name: "Users" }).click();
    await p.waitForURL(/type=users/);
    await p.getByRole("heading", { name: "No Users" }).waitFor();

    await box.fill("bruno");
    await box.press("Enter");
    await p.waitForURL(/q=bruno&type=users/);
    await p.getByTestId("person-row").getByText("u/bruno").waitFor();

    await p.goto("/search?q=night&type=comments");
    await p.getByTestId("comment-result").first().waitFor();
    await expect(p.getByTestId("comment-result").first().textContent()).resolves.toMatch(/night/i);
    expect(errors).toEqual([]);
  });

  it("falls back to posts for an unknown type and answers hostile text with an ordinary page", async () => {
    const { page: p, errors } = await page();
    await p.goto("/search?q=lisbon&type=bogus");
    await p.getByTestId("search-results").waitFor();
    // An unknown kind is no kind: the page shows what matches, the posts about Lisbon among it.
    await p.getByTestId("search-results").getByRole("link", { name: "Golden hour in Lisbon" }).waitFor();
    for (const q of ['"lisbon', "lisbon OR NEAR(", "title:*", "'; DROP TABLE users; --"]) {
      await p.goto(`/search?${new URLSearchParams({ q, type: "posts" })}`);
      await p.getByRole("heading", { name: /Results for/ }).waitFor();
      await expect(p.getByRole("alert").count()).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it("reaches the community search from Find More, listing communities to narrow down", async () => {
    const { page: p } = await page();
    await p.goto("/");
    await p.getByTestId("right-sidebar").getByRole("link", { name: "Find More" }).click();
    await p.waitForURL(/\/search\?type=communities/);
    await p.getByTestId("community-result").first().waitFor();
    await expect(p.getByTestId("community-result").count()).resolves.toBeGreaterThanOrEqual(6);
    await p.getByRole("searchbox", { name: "Search communities" }).fill("photo");
    await p.getByRole("searchbox", { name: "Search communities" }).press("Enter");
    await p.waitForURL(/q=photo/);
    await p.getByTestId("community-result").getByText("c/photography").waitFor();
    await expect(p.getByTestId("community-result").count()).resolves.toBe(1);
  });
});

describe("profiles, follow and notifications", () => {
  const { page } = useBrowser();

  it("shows a profile with its badge, counts and posts", async () => {
    const { page: p, errors } = await page();
    await p.goto("/user/alice");
    const header = p.getByTestId("profile-header");
    await header.getByRole("heading", { name: "Alice Moreau" }).waitFor();
    await expect(header.getByTestId("verified-badge").textContent()).resolves.toBe("Verified Staff");
    await expect(text(p, '[data-testid="followers-count"]')).resolves.toMatch(/^\d+ followers?$/);
    await p.getByTestId("post-card").first().waitFor();
    await p.getByRole("link", { name: "Top" }).click();
    await p.waitForURL(/sort=top/);
    await p.getByRole("link", { name: "Followers", exact: true }).click();
    await p.waitForURL(/\/user\/alice\/followers$/);
    await p.getByTestId("connection-list").getByText("u/bruno").waitFor();
    await p.goto("/user/edgeworks");
    await expect(p.getByTestId("verified-badge").textContent()).resolves.toBe("Verified Business");
    await p.goto("/user/nobody-here-at-all");
    await p.getByRole("heading", { name: "This user does not exist" }).waitFor();
    // The page says it once: no red notice repeats it.
    await expect(p.getByTestId("snackbar").count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });

  it("follows once, tells the followed person, and unfollows", async () => {
    const { page: p, context, errors, request } = await pageWithRequest(page);
    const fan = await newAccount(request);
    const star = await newAccount(request);
    await signIn(context, fan);
    await p.goto(`/user/${star.username}`);
    const followers = p.getByTestId("followers-count");
    await expect(followers.textContent()).resolves.toBe("0 followers");
    await p.getByRole("button", { name: `Follow @${star.username}` }).click();
    // Following: the name says so, or Unfollow while the pointer is on it.
    const unfollow = new RegExp(`^(Following|Unfollow) @${star.username}$`);
    await p.getByRole("button", { name: unfollow }).waitFor();
    await expect(followers.textContent()).resolves.toBe("1 follower");
    await p.reload();
    await expect(p.getByTestId("followers-count").textContent()).resolves.toBe("1 follower");
    // Following twice through the API still counts once.
    await request.post(`/api/v1/private/user/follow?username=${star.username}`, {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    await p.reload();
    await expect(p.getByTestId("followers-count").textContent()).resolves.toBe("1 follower");

    const other = await pageWithRequest(page);
    await signIn(other.context, star);
    await other.page.goto("/");
    // The header's bell shows the unread count without opening any menu.
    const bell = other.page.getByRole("link", { name: "Notifications, 1 unread" });
    await expect(bell.getByTestId("notifications-badge").textContent()).resolves.toBe("1");
    await other.page.getByRole("button", { name: `Account menu for ${star.username}` }).click();
    await other.page.getByRole("menuitem", { name: /Notifications/ }).click();
    await other.page.waitForURL(/\/notifications\?view=unread/);
    const notice = other.page.getByTestId("notification").first();
    await expect(notice.textContent()).resolves.toContain(`@${fan.username} started following you`);
    await other.page.getByRole("button", { name: "Mark all as read" }).click();
    await other.page.getByText("You are all caught up").waitFor();
    await other.page.getByRole("link", { name: "Notifications", exact: true }).waitFor();

    await p.getByRole("button", { name: unfollow }).click();
    await p.getByRole("button", { name: `Follow @${star.username}` }).waitFor();
    await expect(p.getByTestId("followers-count").textContent()).resolves.toBe("0 followers");
    expect(errors).toEqual([]);
  });

  it("blocks from the profile menu: the blocked person can no longer follow or see posts", async () => {
    const { page: p, context, request } = await pageWithRequest(page);
    const me = await newAccount(request);
    const pest = await newAccount(request);
    await signIn(context, me);
    await p.goto(`/user/${pest.username}`);
    await p.getByRole("button", { name: `More options for @${pest.username}` }).click();
    await p.getByRole("menuitem", { name: "Block" }).click();
    await p.getByTestId("confirm-dialog").getByRole("button", { name: "Block" }).click();
    await p.getByText(`You blocked @${pest.username}`).waitFor();
    await p.getByTestId("profile-header").getByRole("button", { name: "Unblock" }).waitFor();

    const them = await pageWithRequest(page);
    await signIn(them.context, pest);
    await them.page.goto(`/user/${me.username}`);
    await them.page.getByText(`@${me.username} has blocked you`).waitFor();
    await expect(them.page.getByRole("button", { name: `Follow @${me.username}` }).count()).resolves.toBe(0);
    const refused = await request.post(`/api/v1/private/user/follow?username=${me.username}`, {
      headers: { authorization: `Bearer ${pest.token}` },
    });
    expect(refused.status()).toBe(403);

    // The privacy tab lists them once "Show blocked list" is on, with Unblock.
    await p.goto("/settings/privacy");
    await p.getByRole("switch", { name: "Show blocked list" }).click();
    const list = p.getByTestId("blocked-list");
    await list.getByText(`u/${pest.username}`).waitFor();
    await list.getByRole("button", { name: `Unblock @${pest.username}` }).click();
    await list.getByText("You have not blocked anyone.").waitFor();
  });

  it("reports a person with the spec's messages", async () => {
    const { page: p, context, request } = await pageWithRequest(page);
    const me = await newAccount(request);
    await signIn(context, me);
    await p.goto("/user/gus");
    await p.getByRole("button", { name: "More options for @gus" }).click();
    await p.getByRole("menuitem", { name: "Report" }).click();
    const dialog = p.getByRole("dialog", { name: "Report @gus" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByText("Please select a cause.").waitFor();
    await dialog.getByText("Description is required.").waitFor();
    await dialog.getByText("Spam", { exact: true }).click();
    await dialog.getByLabel(/^Description/).fill("Too short");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.getByText("Minimum 40 characters required.").waitFor();
    await dialog.getByLabel(/^Description/).fill("Keeps posting the same link in every community.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await p.getByText("Report submitted successfully!").waitFor();
    await expect(dialog.count()).resolves.toBe(0);
  });
});

describe("settings and feedback", () => {
  const { page, baseUrl } = useBrowser();

  it("flips a notification setting that me then shows, and saves the display name", async () => {
    const { page: p, context, request } = await pageWithRequest(page);
    const me = await newAccount(request);
    await signIn(context, me);
    await p.goto("/settings/communication");
    const upvotes = p.getByRole("switch", { name: "Upvotes" });
    await expect(upvotes.getAttribute("aria-checked")).resolves.toBe("true");
    await upvotes.click();
    await expect.poll(() => upvotes.getAttribute("aria-checked")).toBe("false");
    await p.reload();
    await expect(p.getByRole("switch", { name: "Upvotes" }).getAttribute("aria-checked")).resolves.toBe(
      "false",
    );
    const shown = await (
      await request.get("/api/v1/private/user/auth/me", { headers: { authorization: `Bearer ${me.token}` } })
    ).json();
    expect(shown.settings.NEW_UPVOTE_NOTIFICATION).toBe(false);

    await p.goto("/settings/profile");
    await p.getByLabel("Display name").fill("Pat Example");
    await p
      .getByRole("form", { name: "Your name" })
      .getByRole("button", { name: "Save", exact: true })
      .click();
    await p.getByText("Your profile was saved").waitFor();
    await p.goto(`/user/${me.username}`);
    await p.getByRole("heading", { name: "Pat Example" }).waitFor();

    await p.goto("/settings/referral");
    await expect(p.getByTestId("referral-link").inputValue()).resolves.toBe(
      `${baseUrl()}/register?ref_username=${me.username}`,
    );
    await p.goto("/settings/account");
    await p.getByRole("button", { name: "Update email" }).click();
    await p.getByRole("dialog", { name: "Update email" }).waitFor();
  });

  it("asks a visitor to log in before sending feedback, then sends it", async () => {
    const { page: p, context, request } = await pageWithRequest(page);
    await p.goto("/");
    await p.getByTestId("left-menu").getByRole("button", { name: "Send Feedback" }).click();
    await p.getByRole("dialog", { name: "Log In" }).waitFor();

    const me = await newAccount(request);
    await signIn(context, me);
    await p.goto("/");
    await p.getByTestId("left-menu").getByRole("button", { name: "Send Feedback" }).click();
    const dialog = p.getByRole("dialog", { name: "Send Feedback" });
    await dialog.getByLabel(/^Type/).selectOption("FEATURE_REQUEST");
    await dialog.getByLabel(/^Your feedback/).fill("Please add saved posts.");
    await dialog.getByLabel(/^Link/).fill("not a link");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await dialog.getByText("Minimum 40 characters required").waitFor();
    await dialog.getByText("Invalid URL").waitFor();
    await dialog
      .getByLabel(/^Your feedback/)
      .fill("Please add saved posts, so I can read them later on the train.");
    await dialog.getByLabel(/^Link/).fill("");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await p.getByText("Feedback submitted successfully!").waitFor();
  });
});

describe("plans, policies and the blog", () => {
  const { page } = useBrowser();

  it("shows the two plans from the database and opens the subscription dialog", async () => {
    const { page: p, context, errors, request } = await pageWithRequest(page);
    await p.goto("/account/subscription");
    const user = p.getByTestId("plan-USER");
    // Whole-dollar prices without cents, "/ month" beside them.
    await expect(user.textContent()).resolves.toMatch(/\$10\/ month/);
    await expect(user.textContent()).resolves.toContain("Ability to withdraw tips");
    await expect(p.getByTestId("plan-BUSINESS").textContent()).resolves.toMatch(/\$100\/ month/);
    await expect(p.getByTestId("plan-BUSINESS").textContent()).resolves.toContain("Professional profile");
    await p.getByRole("link", { name: "Subscription Terms" }).click();
    await p.waitForURL(/\/policies\/subscription-terms$/);
    await p.getByText(/Cancellation is immediate/).waitFor();

    const me = await newAccount(request);
    await signIn(context, me);
    await context.route("https://js.stripe.com/**", (route) =>
      route.fulfill({ path: STRIPE_DOUBLE, contentType: "application/javascript" }),
    );
    await p.goto("/account/subscription");
    await p.getByTestId("plan-USER").getByRole("button", { name: "SUBSCRIBE" }).click();
    // The e2e server has payment keys (its providers are local stand-ins): the card step opens.
    await p.getByRole("dialog", { name: /Subscribe to the .* plan/ }).waitFor();
    expect(errors).toEqual([]);
  });

  it("has real text on every company and policy page, in Spanish too", async () => {
    const { page: p, errors } = await page();
    for (const [path, heading] of [
      ["/about", "About Agora"],
      ["/roadmap", "Our Roadmap"],
      ["/contact", "Contact"],
      ["/build-with-us", "Build With Us"],
      ["/announce", "Announce on Agora"],
      ["/referral-rewards", "Referral Rewards"],
      ["/policies/terms-of-use", "Terms of Use"],
      ["/policies/privacy-policy", "Privacy Policy"],
      ["/policies/code-of-conduct", "Code of Conduct"],
      ["/policies/subscription-terms", "Subscription Terms"],
      ["/policies/referral-rewards", "Referral Rewards Terms"],
    ]) {
      await p.goto(path!);
      await p.getByRole("heading", { level: 1, name: heading }).waitFor();
      const words = ((await p.getByTestId("text-page").textContent()) ?? "").split(/\s+/).length;
      expect(words, path).toBeGreaterThan(120);
    }
    const es = await page({ locale: "es-ES" });
    await es.page.goto("/policies/privacy-policy");
    await es.page.getByRole("heading", { level: 1, name: "Política de privacidad" }).waitFor();
    expect(errors).toEqual([]);
  });

  it("lists the published blog and opens a post", async () => {
    const { page: p, errors } = await page();
    await p.goto("/blog");
    await p.getByTestId("blog-list").getByRole("link", { name: "Introducing Agora" }).click();
    await p.waitForURL(/\/blog\/introducing-agora$/);
    await p.getByRole("heading", { level: 1, name: "Introducing Agora" }).waitFor();
    await p.goto("/blog/no-such-post");
    await p.getByText("There is nothing here").waitFor();
    expect(errors).toEqual([]);
  });
});

/** A fresh page and the API of the same server, for setting up accounts. */
async function pageWithRequest(page: ReturnType<typeof useBrowser>["page"]) {
  const session = await page();
  return { ...session, request: session.context.request };
}
