import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { accessToken, newAccount, signIn } from "./sign-in";

// Live updates as two people see them, each in their own browser: what one does reaches the
// other's open tab with no reload, and no timed request asks for counts while the socket is open.

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ state: "visible" });

async function call(token: string, path: string, init: { method: string; form?: Record<string, string> }) {
  const res = await fetch(`${lane().baseUrl}${path}`, {
    method: init.method,
    headers: { authorization: `Bearer ${token}` },
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return res.json().catch(() => null) as Promise<Record<string, unknown> | null>;
}

/** A chat message from `token`'s person to `username`, sent from another device (a socket of its own). */
async function sayElsewhere(token: string, username: string, text: string) {
  const thread = await call(token, "/api/v1/private/user/chat/thread", {
    method: "POST",
    form: { username },
  });
  const publicId = String(thread?.public_id);
  const auth = await call(token, `/api/v1/private/user/chat/websocket/auth?public_id=${publicId}`, {
    method: "POST",
  });
  const address = `${lane().baseUrl.replace(/^http/, "ws")}/api/v1/chat/websocket/connect?${new URLSearchParams(
    {
      public_id: publicId,
      token: String(auth?.access_token),
    },
  )}`;
  const ws = new WebSocket(address);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve());
    ws.addEventListener("error", () => reject(new Error("the chat socket did not open")));
  });
  const stored = new Promise<void>((resolve) =>
    ws.addEventListener("message", (event) => {
      if (String(event.data).includes(JSON.stringify(text))) resolve();
    }),
  );
  ws.send(JSON.stringify({ message_type: "TEXT", text }));
  await stored;
  ws.close();
}

describe("live updates", () => {
  const { page } = useBrowser();

  it("a follow, a comment, a vote and a message reach the other person's open tab without polling", async () => {
    const ada = await page();
    const bob = await page();
    const adaAccount = await newAccount(ada.context.request);
    const bobAccount = await newAccount(bob.context.request);
    await signIn(ada.context, adaAccount);
    await signIn(bob.context, bobAccount);

    // What Ada's tab asks the server for, from the moment her live socket opens.
    let socketOpen = false;
    const polled: string[] = [];
    // The post page's own socket (the post's counts), and whether it said HELLO.
    const postSockets: Array<{ isClosed(): boolean }> = [];
    let postHello = false;
    ada.page.on("websocket", (ws) => {
      if (ws.url().includes("/api/v1/live/websocket/connect")) socketOpen = true;
      if (ws.url().includes("/api/v1/live/post/websocket/connect")) {
        postSockets.push(ws);
        ws.on("framereceived", ({ payload }) => {
          if (String(payload).includes('"HELLO"')) postHello = true;
        });
      }
    });
    // And every time it asks for a list of notifications.
    const notificationLists: string[] = [];
    ada.page.on("request", (request) => {
      const url = request.url();
      if (socketOpen && (url.includes("/unread/data") || url.includes("/chat/thread/list"))) polled.push(url);
      if (url.includes("/notification/list")) notificationLists.push(url);
    });
    await ada.page.clock.install();

    // Ada reads a post with no comments yet: a new one of a demo member's (the newest post of the
    // lane may be another journey's, with comments).
    const form = new FormData();
    const title = `Live without comments ${Date.now()}`;
    form.set("title", title);
    form.set("community_name", "crypto");
    form.set("body", "<p>Who answers first?</p>");
    const made = await fetch(`${lane().baseUrl}/api/v1/private/user/micropost`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken("gus")}` },
      body: form,
    });
    expect(made.status, await made.clone().text()).toBeLessThan(300);
    const feed = (await (await fetch(`${lane().baseUrl}/api/v1/feed?option=new&limit=4`)).json()) as {
      list: Array<{
        micropost: { public_id: string; link: string; title: string; total_micropost_votes: number };
      }>;
    };
    const post = feed.list[0]!.micropost;
    expect(post.title).toBe(title);
    await ada.page.goto(post.link);
    await ada.page.getByTestId("post-detail").waitFor();
    await expect.poll(() => socketOpen, { timeout: 10_000 }).toBe(true);
    // The page opens one socket of the post's own.
    await expect.poll(() => postHello, { timeout: 10_000 }).toBe(true);
    expect(postSockets.length).toBe(1);

    // Bob follows Ada: her bell counts it.
    await call(bobAccount.token, `/api/v1/private/user/follow?username=${adaAccount.username}`, {
      method: "POST",
    });
    await expect
      .poll(() => ada.page.getByTestId("notifications-badge").textContent(), { timeout: 10_000 })
      .toBe("1");

    // Bob comments on the post Ada reads, which had none: the comment shows at once.
    await call(bobAccount.token, "/api/v1/private/user/micropost/comment", {
      method: "POST",
      form: { parent_micropost_public_id: post.public_id, body: "<p>Live from Bob</p>" },
    });
    await visible(ada.page, "Live from Bob");

    // Bob votes: the count on Ada's screen moves.
    await call(bobAccount.token, `/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
    });
    await expect
      .poll(() => ada.page.getByTestId("vote-count").first().textContent(), { timeout: 10_000 })
      .toBe(String(post.total_micropost_votes + 1));

    // Bob writes to Ada: her chat badge, then her thread list, follow without a reload.
    await bob.page.goto(`/chat/thread/new/${adaAccount.username}`);
    const box = bob.page.getByLabel("Message", { exact: true });
    await box.fill("Hello from the other tab");
    await box.press("Enter");
    await expect.poll(() => ada.page.getByTestId("chat-badge").textContent(), { timeout: 10_000 }).toBe("1");
    await ada.page.getByTestId("chat-badge").click();
    await ada.page.waitForURL(/\/chat$/);
    // Leaving the post page closed its socket.
    await expect.poll(() => postSockets[0]!.isClosed(), { timeout: 10_000 }).toBe(true);
    await visible(ada.page, "Hello from the other tab");
    const listLoads = polled.length;
    await box.fill("And a second one");
    await box.press("Enter");
    await ada.page.getByTestId("thread-preview").filter({ hasText: "And a second one" }).waitFor();

    // Ada answers from her phone: messages went both ways, so now they are chat partners.
    await sayElsewhere(adaAccount.token, bobAccount.username, "Hi Bob, from my phone");
    await ada.page.getByTestId("thread-preview").filter({ hasText: "Hi Bob, from my phone" }).waitFor();

    // Both are online and now chat partners: each sees the other's presence dot, read as "online".
    await ada.page.getByTestId("thread-item").getByTestId("presence-dot").waitFor({ timeout: 10_000 });
    expect(await ada.page.getByTestId("thread-item").getByTestId("presence-dot").textContent()).toBe(
      "online",
    );
    await bob.page.locator("header").getByTestId("presence-dot").first().waitFor({ timeout: 10_000 });

    // Two minutes pass on Ada's clock: with the socket open nothing is asked for on a timer.
    await ada.page.clock.fastForward("02:00");
    await ada.page.waitForTimeout(500);
    expect(polled.length).toBe(listLoads);
    expect(polled.filter((url) => url.includes("/unread/data"))).toEqual([]);

    // On her notifications page, a new follower's row comes from the frame itself: the list is not
    // asked for again (Ada mutes nothing, so the server's list would show the same row first).
    await ada.page.getByTestId("notifications-badge").click();
    await ada.page.waitForURL(/\/notifications/);
    await ada.page
      .getByTestId("notification")
      .filter({ hasText: `@${bobAccount.username}` })
      .waitFor();
    const listsBefore = notificationLists.length;
    const cy = await newAccount(bob.context.request);
    await call(cy.token, `/api/v1/private/user/follow?username=${adaAccount.username}`, { method: "POST" });
    await ada.page
      .getByTestId("notification")
      .first()
      .filter({ hasText: `@${cy.username}` })
      .waitFor({ timeout: 10_000 });
    expect(notificationLists.length).toBe(listsBefore);
    expect(ada.errors).toEqual([]);
  });
});
