import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { quiet, useBrowser } from "./browser";
import { accessToken, signIn } from "./sign-in";

// Communities, posts, drafts, votes, comments and the feed, as people use them. The server
// starts from the demo data: alice (staff), bruno and dev (verified), carmen… all with "password".

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("posts and communities in the browser", () => {
  const { page: open, baseUrl } = useBrowser();

  /** A fresh page, signed in as a demo person. */
  async function signedIn(username: string, options: { width?: number } = {}) {
    const session = await open(options);
    await signIn(session.context, username);
    return session;
  }

  async function api<T>(path: string, init: RequestInit & { user?: string } = {}): Promise<T> {
    const headers = new Headers(init.headers);
    if (init.user) headers.set("authorization", `Bearer ${await accessToken(init.user)}`);
    const res = await fetch(`${baseUrl()}${path}`, { ...init, headers });
    expect(res.ok, `${path}: ${res.status}`).toBe(true);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  /** Waits until `read` gives `expected` (the screen updates a moment after a click). */
  async function until(
    read: () => Promise<string | null>,
    expected: string,
    ms = 10_000,
  ): Promise<string | null> {
    const end = Date.now() + ms;
    let value = await read();
    while (value !== expected && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      value = await read();
    }
    return value;
  }

  const snackbar = (page: Page, text: string) =>
    page.getByTestId("snackbar").filter({ hasText: text }).first();
  const visible = async (locator: ReturnType<Page["locator"]>) => {
    await locator.waitFor({ state: "visible", timeout: 15_000 });
    return true;
  };

  it("shows visitors the feed with New, Top and Verified only, and reorders on a new sort", async () => {
    const { page, errors } = await open();
    await page.goto("/");
    const cards = page.getByTestId("post-card");
    await cards.first().waitFor();
    // Pages of 4; a tall screen keeps loading until the list fills it.
    expect((await cards.count()) % 4).toBe(0);

    await page.getByTestId("feed-sort").click();
    const menu = page.getByRole("menu");
    // The open menu's code may still be on its way (docs/decisions/092): wait for the items.
    await menu.getByRole("menuitemradio").first().waitFor();
    const labels = await menu.getByRole("menuitemradio").allTextContents();
    expect(labels).toEqual(["New", "Top", "Verified"]);
    // The current order is the checked one, said by screen readers as "checked", not a "✓" in the name.
    await expect(menu.getByRole("menuitemradio", { checked: true }).textContent()).resolves.toBe("New");
    await menu.getByRole("menuitemradio", { name: "Top" }).click();
    await page.waitForURL(/\?sort=top/);
    await expect(cards.first().locator("h2").first().textContent()).resolves.toBe("Welcome to Agora");
    expect(errors).toEqual([]);
  });

  it("loads more posts as the reader scrolls", async () => {
    const { page } = await open();
    await page.goto("/");
    const cards = page.getByTestId("post-card");
    await cards.first().waitFor();
    for (let i = 0; i < 4 && (await cards.count()) <= 4; i++) {
      await page.mouse.wheel(0, 4000);
      // Up to 700 ms for the next page of posts, then another turn of the wheel.
      await page
        .waitForFunction(() => document.querySelectorAll('[data-testid="post-card"]').length > 4, null, {
          timeout: 700,
        })
        .catch(() => {});
    }
    expect(await cards.count()).toBeGreaterThan(4);
  });

  it("offers Communities and Following to signed-in readers, and remembers the chosen sort", async () => {
    const { page } = await signedIn("dev");
    await page.goto("/");
    await page.getByTestId("post-card").first().waitFor();
    await page.getByTestId("feed-sort").click();
    await page.getByRole("menuitemradio", { name: "Following" }).click();
    await page.waitForURL(/\?sort=following/);
    await page.getByTestId("post-card").first().waitFor();
    const owners = await page.getByTestId("post-card").locator("a[href^='/user/']").allTextContents();
    // dev follows alice and bruno.
    expect(owners.every((o) => /u\/(alice|bruno)/.test(o))).toBe(true);
    // The pick is saved with the account: its request answered before the page is left.
    await quiet(page);
    await page.goto("/");
    await expect(visible(page.getByTestId("feed-sort").filter({ hasText: "Following" }))).resolves.toBe(true);
  });

  it("writes a post with the editor and the link dialog, edits it in place, votes and deletes it", async () => {
    const { page, errors } = await signedIn("bruno");
    await page.goto("/post");
    await page.getByTestId("community-picker").selectOption("agora");
    const post = page.getByRole("button", { name: "Post", exact: true });
    await page.getByLabel("Title").fill("Written in the browser");
    expect(await post.isDisabled()).toBe(true);

    const editor = page.getByRole("textbox", { name: "Body" });
    await editor.click();
    await page.keyboard.type("Hello from the editor");
    // Bold starts a new paragraph. The editor reads typed text from the page a moment later; Enter
    // is its own command, so nothing typed before it can still be unread when the toolbar's Bold
    // applies (a trailing space typed before the click once went into the bold run on a loaded
    // machine, even with a key pressed between).
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("bold words");
    await page.getByRole("button", { name: "Link" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a link" });
    await dialog.getByLabel("Link").fill("not a link");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(visible(dialog.getByText("Invalid link"))).resolves.toBe(true);
    await dialog.getByLabel("Link").fill("example.com/docs");
    await dialog.getByRole("button", { name: "Save" }).click();
    await post.click();

    await page.waitForURL(/\/c\/agora\/p\/[^/]+\/written-in-the-browser$/);
    await expect(visible(snackbar(page, "It was posted"))).resolves.toBe(true);
    const detail = page.getByTestId("post-detail");
    await expect(detail.locator("strong").textContent()).resolves.toBe("bold words");
    await expect(detail.locator('a[href="https://example.com/docs"]').getAttribute("rel")).resolves.toContain(
      "noopener",
    );

    await detail.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const bodyEditor = detail.getByRole("textbox", { name: "Body" });
    await bodyEditor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" and an edit");
    await detail.getByRole("button", { name: "Save" }).click();
    await expect(visible(detail.getByText("and an edit"))).resolves.toBe(true);

    const vote = detail.getByTestId("vote-button");
    await vote.click();
    expect(await until(() => vote.getAttribute("aria-pressed"), "true")).toBe("true");
    expect(await until(() => vote.getByTestId("vote-count").textContent(), "1")).toBe("1");
    // Quick clicks: the screen follows each one and the server ends where the last one left it.
    await vote.click();
    await vote.click();
    await vote.click();
    expect(await until(() => vote.getAttribute("aria-pressed"), "false")).toBe("false");
    // The queued votes answered, one after the other, before the server is asked.
    await quiet(page);
    const id = new URL(page.url()).pathname.split("/")[4]!;
    const item = await api<{ micropost: { user_voted: boolean; total_micropost_votes: number } }>(
      `/api/v1/micropost?public_id=${id}`,
      { user: "bruno" },
    );
    expect(item.micropost).toMatchObject({ user_voted: false, total_micropost_votes: 0 });

    await detail.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/c\/agora$/);
    await expect(visible(snackbar(page, "It was deleted"))).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it("saves, lists, updates and publishes a draft, with the count badge following", async () => {
    const { page } = await signedIn("dev");
    await page.goto("/post");
    const badge = page.getByTestId("drafts-count");
    await expect(badge.textContent()).resolves.toBe("0");
    await page.getByTestId("community-picker").selectOption("webdev");
    await page.getByLabel("Title").fill("A draft to finish");
    await page.getByRole("textbox", { name: "Body" }).click();
    await page.keyboard.type("First words");
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(visible(snackbar(page, "Draft saved."))).resolves.toBe(true);
    expect(await until(() => badge.textContent(), "1")).toBe("1");
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("");

    await page.getByTestId("drafts-link").click();
    await page.waitForURL(/\/drafts$/);
    await page
      .getByTestId("draft-list")
      .getByRole("link", { name: "A draft to finish", exact: true })
      .click();
    await page.waitForURL(/\/post\?draft=/);
    await expect(visible(page.getByRole("button", { name: "Update Draft" }))).resolves.toBe(true);
    await expect(page.getByLabel("Title").inputValue()).resolves.toBe("A draft to finish");
    await page.getByLabel("Title").fill("A finished draft");
    await page.getByRole("button", { name: "Update Draft" }).click();
    await expect(visible(snackbar(page, "Draft updated."))).resolves.toBe(true);

    await page.getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(/\/c\/webdev\/p\/[^/]+\/a-finished-draft$/);
    await expect(visible(snackbar(page, "Draft published."))).resolves.toBe(true);
    const drafts = await api<{ total: number }>("/api/v1/private/user/micropost/draft/list/total", {
      user: "dev",
    });
    expect(drafts.total).toBe(0);
  });

  it("joins and preselects ?community_name, and leaves a draft that does not exist", async () => {
    const { page } = await signedIn("bruno");
    await page.goto("/post?community_name=cooking");
    await expect(visible(snackbar(page, "You joined c/cooking"))).resolves.toBe(true);
    await page.waitForURL(/\/post$/);
    await expect(page.getByTestId("community-picker").inputValue()).resolves.toBe("cooking");

    await page.goto("/post?draft=nosuchdraft");
    await page.waitForURL(/\/post$/);
  });

  it("posts a picture with its description from the Media tab, where drafts are not offered", async () => {
    const { page } = await signedIn("carmen");
    await page.goto("/post");
    await page.getByTestId("community-picker").selectOption("photography");
    await page.getByRole("tab", { name: "Media" }).click();
    await page.getByLabel("Title").fill("A tiny picture");
    expect(await page.getByRole("button", { name: "Save Draft" }).isDisabled()).toBe(true);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "tiny.png", mimeType: "image/png", buffer: PNG });
    await expect(visible(page.getByTestId("media-preview"))).resolves.toBe(true);
    // Descriptions are asked for by default: Post waits for one.
    const postButton = page.getByRole("button", { name: "Post", exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await page.getByLabel("Describe the picture").fill("One orange pixel on white");
    await postButton.click();
    await page.waitForURL(/\/a-tiny-picture$/);
    const img = page
      .getByTestId("post-detail")
      .getByRole("button", { name: "Show the picture full size" })
      .locator("img");
    await expect(img.getAttribute("alt")).resolves.toBe("One orange pixel on white");
    const src = await img.getAttribute("src");
    expect(src).toMatch(/^\/media\/posts\//);
    const served = await fetch(`${baseUrl()}${src}`);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("comments and replies, and opens a deep comment's own thread", async () => {
    const { page } = await signedIn("hana");
    const feed = await api<{ list: Array<{ micropost: { title: string; link: string } }> }>(
      "/api/v1/feed?option=top&limit=20",
    );
    const welcome = feed.list.find((i) => i.micropost.title === "Welcome to Agora")!;
    await page.goto(welcome.micropost.link);
    const comments = page.locator("#comments");
    // Other journeys may have commented here too: one more than the page said before.
    const heading = comments.getByRole("heading", { name: /^\d+ comments?$/ });
    const before = Number.parseInt((await heading.textContent()) ?? "", 10);
    expect(before).toBeGreaterThanOrEqual(6);
    await comments.getByRole("button", { name: "Add a comment" }).click();
    await comments.getByRole("textbox", { name: "Add a comment" }).fill("Hello from a browser test");
    await comments.getByRole("button", { name: "Comment", exact: true }).click();
    const mine = comments.getByTestId("comment").filter({ hasText: "Hello from a browser test" }).first();
    await expect(visible(mine)).resolves.toBe(true);
    await expect(visible(comments.getByRole("heading", { name: `${before + 1} comments` }))).resolves.toBe(
      true,
    );

    await mine.getByRole("button", { name: "Reply" }).first().click();
    await mine.getByRole("textbox").fill("And a reply");
    await mine.getByRole("button", { name: "Reply", exact: true }).last().click();
    await expect(
      visible(comments.locator('[data-depth="1"]').filter({ hasText: "And a reply" })),
    ).resolves.toBe(true);

    await comments.getByRole("link", { name: "More comments" }).first().click();
    await page.waitForURL(/\?comment=/);
    await expect(visible(page.getByTestId("single-thread-banner"))).resolves.toBe(true);
    await expect(visible(comments.getByText("Count me in."))).resolves.toBe(true);
    await page.getByRole("link", { name: "See full discussion" }).click();
    await page.waitForURL((url) => !url.search.includes("comment="));
    await expect(page.getByTestId("single-thread-banner").count()).resolves.toBe(0);
  });

  it("replaces a stale address with the post's own link", async () => {
    const { page } = await open();
    const feed = await api<{ list: Array<{ micropost: { public_id: string; link: string } }> }>(
      "/api/v1/feed",
    );
    const { public_id, link } = feed.list[0]!.micropost;
    await page.goto(`/c/somewhere/p/${public_id}/an-old-title`);
    await page.waitForURL((url) => url.pathname === link);
    await page.goto(`/c/somewhere/p/${public_id}`);
    await page.waitForURL((url) => url.pathname === link);
  });

  it("never runs script from a post or a comment", async () => {
    const author = "gus";
    const created = await api<{ public_id: string; link: string }>("/api/v1/private/user/micropost", {
      method: "POST",
      user: author,
      body: (() => {
        const f = new FormData();
        f.set("title", "A post full of script");
        f.set("community_name", "crypto");
        f.set(
          "body",
          [
            "<p>Visible text</p>",
            "<script>window.__pwned = 'script'</script>",
            '<img src="x" onerror="window.__pwned = \'img\'">',
            '<a id="bad" href="javascript:window.__pwned = \'link\'">click me</a>',
            "<svg onload=\"window.__pwned = 'svg'\"></svg>",
            "<iframe src=\"javascript:parent.__pwned = 'frame'\"></iframe>",
            '<p style="background:url(javascript:alert(1))" onmouseover="window.__pwned = \'hover\'">hover me</p>',
          ].join(""),
        );
        return f;
      })(),
    });
    await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      user: author,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        parent_micropost_public_id: created.public_id,
        body: "<img src=x onerror=\"window.__pwned = 'comment'\">a comment",
      }),
    });
    const { page, errors } = await open();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(created.link);
    await page.getByText("Visible text").waitFor();
    await page.getByText("hover me").hover();
    await page.getByText("click me").click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator("#comments script, [data-testid='post-detail'] script").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("sanitises again in the browser: hostile HTML from the API still runs nothing", async () => {
    const { page } = await open();
    const feed = await api<{ list: Array<{ micropost: { public_id: string; link: string } }> }>(
      "/api/v1/feed",
    );
    const target = feed.list[0]!.micropost;
    // The answer is rewritten on its way to the page, as if the stored body had escaped the API's filter.
    await page.route(`**/api/v1/micropost?public_id=${target.public_id}`, async (route) => {
      const res = await route.fetch();
      const item = await res.json();
      item.micropost.body =
        '<p id="ok">Still readable</p><img src="/x.png" onerror="window.__pwned=1"><script>window.__pwned=2</script>' +
        '<a id="js" href="javascript:window.__pwned=3">js</a><svg><animate onbegin="window.__pwned=4"/></svg>' +
        '<iframe srcdoc="<script>parent.__pwned=5</script>"></iframe><form action="javascript:window.__pwned=6"><button id="go">go</button></form>';
      await route.fulfill({ response: res, json: item });
    });
    // A visitor's page carries the post it shows (the open web's first screen): without it, the
    // app asks the API, whose answer this journey made hostile.
    await page.route(`**${target.link}`, async (route) => {
      const res = await route.fetch();
      const body = (await res.text()).replace(
        /<script type="application\/json" id="agora-data">[\s\S]*?<\/script>/,
        "",
      );
      await route.fulfill({ response: res, body });
    });
    await page.goto(target.link);
    const detail = page.getByTestId("post-detail");
    await detail.getByText("Still readable").waitFor();
    const link = detail.getByText("js", { exact: true });
    await link.click();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const body = detail.locator(".prose-post");
    expect(await body.locator("script, iframe, form, svg, [onerror], [onbegin], [id]").count()).toBe(0);
    expect(await link.getAttribute("href")).toBeNull();
  });

  it("creates a community from the dialog, then others join and leave it", async () => {
    const { page, errors } = await signedIn("farah");
    await page.goto("/");
    await page.getByTestId("left-menu").getByRole("button", { name: "Create Community" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Community" });
    await dialog.getByLabel(/^Name/).fill("tea lovers");
    await expect(visible(dialog.getByText("Name cannot contain whitespace"))).resolves.toBe(true);
    expect(await dialog.getByRole("button", { name: "Create", exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel(/^Name/).fill("tealovers");
    await dialog.getByLabel("Display name").fill("Tea Lovers");
    await dialog.getByLabel("Description").fill("Leaves, pots and patience.");
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "tea.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(
      visible(snackbar(page, "The community with the name 'tealovers' was created.")),
    ).resolves.toBe(true);
    await page.waitForURL(/\/c\/tealovers$/);
    await expect(visible(page.getByRole("heading", { name: "Tea Lovers" }))).resolves.toBe(true);
    await expect(page.getByTestId("community-members").textContent()).resolves.toBe("1 member");
    await expect(page.locator("main").getByTestId("membership-button").textContent()).resolves.toContain(
      "Owner",
    );
    await expect(visible(page.getByText("There is nothing here yet"))).resolves.toBe(true);
    expect(errors).toEqual([]);

    const other = await signedIn("gus");
    await other.page.goto("/c/tealovers");
    await other.page.locator("main").getByRole("button", { name: "Join c/tealovers" }).click();
    await expect(visible(snackbar(other.page, "You joined c/tealovers"))).resolves.toBe(true);
    await expect(
      visible(other.page.getByTestId("community-members").filter({ hasText: "2 members" })),
    ).resolves.toBe(true);
    const membership = other.page.locator("main").getByTestId("membership-button");
    await expect(membership.textContent()).resolves.toContain("Member");
    await membership.hover();
    await expect(visible(membership.getByText("Leave"))).resolves.toBe(true);
    await membership.click();
    await expect(
      visible(other.page.locator("main").getByRole("button", { name: "Join c/tealovers" })),
    ).resolves.toBe(true);
    expect(await until(() => other.page.getByTestId("community-members").textContent(), "1 member")).toBe(
      "1 member",
    );

    await other.page.goto("/c/tealovers/members");
    const members = other.page.getByTestId("member-list").getByRole("listitem");
    await members.first().waitFor();
    expect(await members.count()).toBe(1);
    await expect(members.first().textContent()).resolves.toContain("Owner");
  });

  it("fits a phone: the feed, a post and the create screen without sideways scrolling", async () => {
    const { page } = await signedIn("alice", { width: 390 });
    for (const path of ["/", "/post", "/c/agora", "/c/agora/members"]) {
      await page.goto(path);
      // Drawn (its title heading), with what it fetched and its pictures.
      await page.locator("h1, [role=heading][aria-level='1']").first().waitFor();
      await quiet(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(1);
    }
  });
});
