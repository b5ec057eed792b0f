import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { accessToken, newAccount, signIn } from "./sign-in";

// Chat as two people live it, each in their own browser, against the seeded demo users (all
// with the password "password"). The seed gives gus and hana no conversations of their own.

const base = () => lane().baseUrl;

const visible = (page: Page, text: string | RegExp) =>
  page.getByText(text).first().waitFor({ state: "visible" });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("chat", () => {
  const { page } = useBrowser();

  it("asks a visitor to sign in", async () => {
    const { page: p, errors } = await page();
    await p.goto("/chat");
    await visible(p, "Sign in to chat");
    // A page that needs an account opens the login dialog by itself.
    await p.locator("dialog[open]").waitFor();
    expect(errors).toEqual([]);
  });

  it("starts a chat by username, talks, types, deletes, and deletes the thread", async () => {
    const gus = await page();
    await signIn(gus.context, "gus");
    const hana = await page();
    await signIn(hana.context, "hana");

    await hana.page.goto("/chat");
    await visible(hana.page, "No Chats");

    // New chat: the search is lowercased with spaces removed; refusals are shown by the field.
    await gus.page.goto("/chat/thread/new");
    await visible(gus.page, "Get verified"); // the ad card beside the search
    const search = gus.page.getByLabel("Username");
    await search.fill("gus");
    await search.press("Enter");
    await visible(gus.page, "You can not start a chat with yourself");
    await search.fill("nobodyatall");
    await search.press("Enter");
    await expect(gus.page.getByTestId("new-chat-error").textContent()).resolves.toBe(
      "The user does not exist",
    );
    await search.fill(" HA NA ");
    await gus.page.getByTestId("chat-user-result").filter({ hasText: "@hana" }).click();
    // A pick opens a new conversation; the thread is made by the first message, not before.
    await gus.page.waitForURL(`${base()}/chat/thread/new/hana`);
    await visible(gus.page, "No message here yet");
    await hana.page.reload();
    await visible(hana.page, "No Chats");
    const box = gus.page.getByLabel("Message", { exact: true });
    await box.fill("Hi Hana");
    await box.press("Enter");
    await gus.page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    await gus.page.getByTestId("text-message").filter({ hasText: "Hi Hana" }).waitFor();
    const threadPath = new URL(gus.page.url()).pathname;

    // Hana opens it: Gus sees the server line.
    await hana.page.goto(threadPath);
    await visible(gus.page, "Hana Sato joined the chat.");

    // Typing shows on the other side; Enter sends, Shift+Enter makes a new line.
    await box.click();
    await box.pressSequentially("Hello Hana");
    await visible(hana.page, "Typing...");
    await box.press("Shift+Enter");
    await box.pressSequentially("second line");
    await box.press("Enter");
    const hanaMessages = hana.page.getByTestId("text-message");
    await hanaMessages.filter({ hasText: "second line" }).waitFor();
    await expect(hanaMessages.first().textContent()).resolves.toContain("Hi Hana");
    await expect(hanaMessages.nth(1).textContent()).resolves.toContain("Hello Hana\nsecond line");
    await expect(box.inputValue()).resolves.toBe("");
    await hana.page.getByTestId("typing").waitFor({ state: "detached" });

    // Blank is not sendable; more than 1000 characters is refused with its message.
    await box.fill("   ");
    await expect(gus.page.getByRole("button", { name: "Send", exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    await box.fill("x".repeat(1001));
    await visible(gus.page, "Your message shouldn't be more than 1000");
    await expect(gus.page.getByRole("button", { name: "Send", exact: true }).isDisabled()).resolves.toBe(
      true,
    );
    await box.fill("");

    // Emoji from the picker go into the text.
    await gus.page.getByRole("button", { name: "Emoji", exact: true }).click();
    const picker = gus.page.getByTestId("emoji-picker");
    await picker.getByRole("tab", { name: "Gestures" }).click();
    await picker.getByRole("button", { name: "thumbs up" }).click();
    await expect(box.inputValue()).resolves.toBe("👍");
    await gus.page.keyboard.press("Escape");
    await box.press("Enter");
    await hanaMessages.filter({ hasText: "👍" }).waitFor();

    // A picture arrives on both sides.
    await gus.page
      .getByTestId("chat-image-input")
      .setInputFiles({ name: "dot.png", mimeType: "image/png", buffer: PNG });
    // Descriptions are asked for by default: the picture goes with one.
    const describe = gus.page.getByTestId("picture-description");
    await describe.getByLabel("Describe the picture").fill("A single dot");
    await describe.getByRole("button", { name: "Send", exact: true }).click();
    await hana.page.getByTestId("image-message").waitFor();
    await gus.page.getByTestId("image-message").waitFor();
    await expect(
      hana.page.getByTestId("image-message").first().locator("img").getAttribute("alt"),
    ).resolves.toBe("A single dot");
    // It is private: both browsers load it with their session cookie; without one it is not there.
    for (const side of [gus, hana]) {
      const img = side.page.getByTestId("image-message").first().locator("img");
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
        .toBe(1);
    }
    const picture = await hana.page.getByTestId("image-message").first().locator("img").getAttribute("src");
    expect((await fetch(`${base()}${picture}`)).status).toBe(404);

    // A file over 1 MB gets the size dialog instead of an upload.
    await gus.page.getByTestId("chat-image-input").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(1024 * 1024 + 200_000),
    });
    await visible(gus.page, "Your file is 1.2 MB. Use another file with its size less than 1 MB.");
    await gus.page.getByRole("dialog").getByRole("button", { name: "OK", exact: true }).click();

    // Only one's own messages can be deleted; the other side sees it go.
    await expect(hana.page.getByRole("button", { name: "Delete message" }).count()).resolves.toBe(0);
    const thumbs = gus.page.getByTestId("text-message").filter({ hasText: "👍" });
    await thumbs.hover();
    await thumbs.getByRole("button", { name: "Delete message" }).click();
    await hanaMessages.filter({ hasText: "👍" }).waitFor({ state: "detached" });

    // Hana deletes the thread after confirming; both end up on chat home.
    await hana.page.getByRole("button", { name: "Delete chat" }).click();
    await hana.page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await hana.page.waitForURL(`${base()}/chat`);
    await visible(hana.page, "It was deleted");
    await gus.page.waitForURL(`${base()}/chat`);
    await visible(gus.page, "This chat was deleted");
    expect([...gus.errors, ...hana.errors]).toEqual([]);
  });

  it("opens a chat from the shareable link, and moves a thread to the top on a new message", async () => {
    const farah = await page();
    const farahToken = await signIn(farah.context, "farah");
    await farah.page.goto("/chat/thread/new/gus");
    await visible(farah.page, "No message here yet");
    const box = farah.page.getByLabel("Message", { exact: true });
    await box.fill("Found you through your link");
    await box.press("Enter");
    await farah.page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    const withGus = new URL(farah.page.url()).pathname.split("/").pop()!;
    const mine = farah.page.getByTestId("text-message").filter({ hasText: "Found you through your link" });
    await mine.waitFor();

    // Carmen writes in her older thread with farah, which goes above the new one with gus...
    const threads = (await (
      await fetch(`${base()}/api/v1/private/user/chat/thread/list`, {
        headers: { authorization: `Bearer ${farahToken}` },
      })
    ).json()) as { list: Array<{ public_id: string; chat_thread_user_list: Array<{ username: string }> }> };
    const withCarmen = threads.list.find((t) =>
      t.chat_thread_user_list.some((u) => u.username === "carmen"),
    )!;
    await sendAs("carmen", withCarmen.public_id, "Are you around?");
    await farah.page.goto("/chat");
    const first = () => farah.page.getByTestId("thread-item").first().textContent();
    await expect.poll(first).toContain("Are you around?");

    // ...until gus answers in the open thread: it moves to the top at once.
    await farah.page.getByTestId("thread-item").nth(1).click();
    await farah.page.waitForURL(new RegExp(`/chat/thread/${withGus}$`));
    await mine.waitFor();
    await sendAs("gus", withGus, "Thanks for the link!");
    await farah.page.getByTestId("text-message").filter({ hasText: "Thanks for the link!" }).waitFor();
    await expect.poll(first).toContain("Thanks for the link!");

    await farah.page.goto("/chat/thread/new/nosuchperson1");
    await visible(farah.page, "The user does not exist");
    expect(farah.errors).toEqual([]);
  });

  it("starts no thread from a profile's Message until the first message is sent", async () => {
    const hana = await page();
    await signIn(hana.context, "hana");
    const other = await page();
    const person = await newAccount(other.context.request);
    await signIn(other.context, person);
    const threadsOf = async (token: string) =>
      (
        (await (
          await fetch(`${base()}/api/v1/private/user/chat/thread/list`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { total_list: number }
      ).total_list;

    // "Message" opens a new conversation with them: their name, the composer, nothing created.
    const message = async () => {
      await hana.page.goto(`/user/${person.username}`);
      await hana.page.getByRole("link", { name: "Message", exact: true }).click();
    };
    await message();
    await hana.page.waitForURL(`${base()}/chat/thread/new/${person.username}`);
    await hana.page.getByRole("heading", { name: person.username, exact: true }).waitFor();
    await visible(hana.page, "No message here yet");
    await other.page.goto("/chat");
    await visible(other.page, "No Chats");

    // Leaving without writing leaves nothing behind, on either side.
    await hana.page
      .getByRole("link", { name: /^Chat(,| |$)/ })
      .first()
      .click();
    await hana.page.waitForURL(`${base()}/chat`);
    await hana.page.getByTestId("thread-list").or(hana.page.getByTestId("no-chats")).waitFor();
    await expect(
      hana.page.getByTestId("thread-item").filter({ hasText: person.username }).count(),
    ).resolves.toBe(0);
    await expect(threadsOf(person.token)).resolves.toBe(0);

    // The first message makes the thread: the page becomes it, and Back skips the empty view.
    await message();
    await hana.page.waitForURL(`${base()}/chat/thread/new/${person.username}`);
    const box = hana.page.getByLabel("Message", { exact: true });
    await box.fill("Welcome to Agora!");
    await box.press("Enter");
    await hana.page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    const threadUrl = hana.page.url();
    const sent = hana.page.getByTestId("text-message").filter({ hasText: "Welcome to Agora!" });
    await sent.waitFor();
    await expect(hana.page.getByText("Sending...").count()).resolves.toBe(0);
    await expect(threadsOf(person.token)).resolves.toBe(1);
    await other.page.reload();
    await other.page.getByTestId("thread-item").filter({ hasText: "Hana Sato" }).waitFor();
    await hana.page.goBack();
    await hana.page.waitForURL(`${base()}/user/${person.username}`);

    // With a thread between them, "Message" goes straight to it.
    await message();
    await hana.page.waitForURL(threadUrl);
    await sent.waitFor();
    expect([...hana.errors, ...other.errors]).toEqual([]);
  });

  it("gives a conversation the page's width beside the menu, and one pane on a phone", async () => {
    const wide = await page({ width: 1280, height: 800 });
    await signIn(wide.context, "bruno");
    await wide.page.goto("/");
    await wide.page.getByTestId("right-sidebar").waitFor();
    await wide.page.goto("/chat");
    await wide.page.getByTestId("thread-item").filter({ hasText: "Alice" }).click();
    await wide.page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    const box = wide.page.getByLabel("Message", { exact: true });
    await box.waitFor();
    // The sidebar gives way; the menu stays; the box to write in is a comfortable width.
    await expect(wide.page.getByTestId("right-sidebar").count()).resolves.toBe(0);
    await expect(wide.page.getByRole("complementary", { name: "Chats" }).isVisible()).resolves.toBe(true);
    await expect(wide.page.getByRole("link", { name: "Find Communities" }).isVisible()).resolves.toBe(true);
    expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(500);
    // Leaving chat brings the sidebar back.
    await wide.page.getByRole("link", { name: "Home", exact: true }).first().click();
    await wide.page.getByTestId("right-sidebar").waitFor();

    const phone = await page({ width: 390, height: 800 });
    await signIn(phone.context, "bruno");
    await phone.page.goto("/chat");
    const list = phone.page.getByRole("complementary", { name: "Chats" });
    await list.getByTestId("thread-item").first().click();
    await phone.page.waitForURL(/\/chat\/thread\/[a-z2-9]{16}$/);
    await phone.page.getByLabel("Message", { exact: true }).waitFor();
    await expect(list.isVisible()).resolves.toBe(false);
    await phone.page.getByRole("link", { name: "Back to chats" }).click();
    await phone.page.waitForURL(`${base()}/chat`);
    await list.getByTestId("thread-item").first().waitFor();
    expect([...wide.errors, ...phone.errors]).toEqual([]);
  });

  it("shows the unread chat badge, 5+ above five", async () => {
    const target = "edgeworks";
    for (const sender of ["alice", "bruno", "carmen", "dev", "farah", "gus"]) {
      const token = await accessToken(sender);
      const res = await fetch(`${base()}/api/v1/private/user/chat/thread`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: new URLSearchParams({ username: target }),
      });
      const { public_id } = (await res.json()) as { public_id: string };
      await sendAs(sender, public_id, `Hello from ${sender}`);
    }
    const edge = await page();
    await signIn(edge.context, target);
    await edge.page.goto("/");
    await expect
      .poll(async () => (await edge.page.getByTestId("chat-badge").textContent()) ?? "", { timeout: 15_000 })
      .toBe("5+");
    await edge.page.goto("/chat");
    await edge.page.getByTestId("thread-item").filter({ hasText: "Hello from gus" }).click();
    await edge.page.getByTestId("text-message").filter({ hasText: "Hello from gus" }).waitFor();
    await edge.page.goto("/chat");
    await expect
      .poll(async () => (await edge.page.getByTestId("chat-badge").textContent()) ?? "", { timeout: 15_000 })
      .toBe("5");
  });

  it("replies to a message by keyboard: the composer shows it, the bubble quotes it, the quote leads back", async () => {
    const me = await page();
    const ana = await newAccount(me.context.request);
    const bo = await newAccount(me.context.request);
    const started = await fetch(`${base()}/api/v1/private/user/chat/thread`, {
      method: "POST",
      headers: { authorization: `Bearer ${ana.token}` },
      body: new URLSearchParams({ username: bo.username }),
    });
    const { public_id } = (await started.json()) as { public_id: string };
    await sendAs(bo, public_id, "Where do we meet tomorrow?");
    await signIn(me.context, ana);
    await me.page.goto(`/chat/thread/${public_id}`);
    const original = me.page.getByTestId("text-message").filter({ hasText: "Where do we meet tomorrow?" });
    await original.waitFor();

    // The Reply button is reached by Tab from the message; Enter puts the answer in the composer.
    await original.focus();
    await me.page.keyboard.press("Tab");
    await expect(me.page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(
      "Reply",
    );
    await me.page.keyboard.press("Enter");
    const banner = me.page.getByTestId("reply-banner");
    await expect(banner.textContent()).resolves.toContain("Where do we meet tomorrow?");
    // The text box has the focus: typing and Enter send the reply.
    await me.page.keyboard.type("At the station, 9 o'clock");
    await me.page.keyboard.press("Enter");
    const reply = me.page.getByTestId("text-message").filter({ hasText: "At the station" });
    const quote = reply.getByTestId("reply-quote");
    await quote.waitFor();
    await expect(quote.textContent()).resolves.toContain("Where do we meet tomorrow?");
    await banner.waitFor({ state: "detached" });

    // The quote is a button: Enter takes the focus to the original.
    await quote.focus();
    await me.page.keyboard.press("Enter");
    await expect
      .poll(() => me.page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toContain("Where do we meet tomorrow?");
    expect(me.errors).toEqual([]);
  });

  it("sends chat frames uncompressed, though the browser offers compression", async () => {
    // One message is one frame per open socket; deflating each of them separately would cost the
    // thread's fan-out more than the few hundred bytes it saves (ADR 011).
    const token = await accessToken("bruno");
    const threads = await fetch(`${base()}/api/v1/private/user/chat/thread/list`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { list } = (await threads.json()) as {
      list: Array<{ public_id: string; chat_thread_user_list: Array<{ username: string }> }>;
    };
    const withAlice = list.find((t) => t.chat_thread_user_list.some((u) => u.username === "alice"));
    expect(withAlice).toBeDefined();
    const auth = await fetch(
      `${base()}/api/v1/private/user/chat/websocket/auth?public_id=${withAlice!.public_id}`,
      { method: "POST", headers: { authorization: `Bearer ${token}` } },
    );
    const { access_token } = (await auth.json()) as { access_token: string };
    const url = `${base().replace(/^http/, "ws")}/api/v1/chat/websocket/connect?public_id=${withAlice!.public_id}&token=${access_token}`;

    const { page: p } = await page();
    await p.goto("/");
    const seen = await p.evaluate(
      (socketUrl) =>
        new Promise<{ extensions: string; greeting: string }>((resolve, reject) => {
          const ws = new WebSocket(socketUrl);
          ws.onerror = () => reject(new Error("socket failed"));
          ws.onmessage = (event) => {
            resolve({ extensions: ws.extensions, greeting: JSON.parse(String(event.data)).message_type });
            ws.close();
          };
        }),
      url,
    );
    expect(seen).toEqual({ extensions: "", greeting: "CONNECT" });
  });

  it("speaks Spanish", async () => {
    const { page: p, context } = await page({ locale: "es-ES" });
    await signIn(context, "hana");
    await p.goto("/chat/thread/new");
    await visible(p, "Nuevo chat");
    await p.getByPlaceholder("Buscar por nombre de usuario").waitFor();
  });
});

/** Sends a text over a real socket, as another device of that user would. */
/** One TEXT over the thread's socket, as a demo person (by username) or an account (its token). */
async function sendAs(who: string | { token: string }, publicId: string, text: string): Promise<void> {
  const token = typeof who === "string" ? await accessToken(who) : who.token;
  const auth = await fetch(`${base()}/api/v1/private/user/chat/websocket/auth?public_id=${publicId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  const { access_token } = (await auth.json()) as { access_token: string };
  const url = `${base().replace(/^http/, "ws")}/api/v1/chat/websocket/connect?public_id=${publicId}&token=${access_token}`;
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.onerror = () => reject(new Error("socket failed"));
    ws.onopen = () => ws.send(JSON.stringify({ message_type: "TEXT", text, client_id: `e2e-${Date.now()}` }));
    ws.onmessage = (event) => {
      const frame = JSON.parse(String(event.data)) as { message_type: string; text?: string };
      if (frame.message_type === "TEXT" && frame.text === text) {
        ws.close();
        resolve();
      }
    };
  });
}
