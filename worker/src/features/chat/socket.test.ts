import { runInDurableObject } from "cloudflare:test";
import { sign } from "hono/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_MESSAGE_MAX } from "#shared/constants.ts";
import { CHAT_MSG } from "#shared/schemas/chat.ts";
import { signChatToken } from "#worker/lib/tokens.ts";
import { api, env, form, json } from "#worker-test/api.ts";
import {
  CHAT,
  messageList,
  openSocket,
  settle,
  socketToken,
  startThread,
  type TestSocket,
  threadOf,
  upgrade,
} from "#worker-test/chat.ts";
import { createUser } from "#worker-test/people.ts";
import { block } from "#worker-test/rows.ts";
import type { ChatThread } from "./chat-thread";
import { FLOOD } from "./rate-bucket";

async function pair() {
  const a = await createUser({ profileName: "Ada Lovelace" });
  const b = await createUser();
  const id = await startThread(a, b);
  return { a, b, id };
}

/** What the thread's Durable Object holds in its own storage. */
function storedMessages(publicId: string): Promise<number> {
  const stub = env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(publicId));
  return runInDurableObject(stub, (_instance: ChatThread, state) => {
    const tables = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE name = 'messages'").toArray();
    if (tables.length === 0) return 0;
    return Number(
      state.storage.sql.exec("SELECT count(*) AS n FROM messages WHERE deleted_at IS NULL").one().n,
    );
  });
}

const errorsOf = (s: TestSocket) => s.frames.filter((f) => f.message_type === "ERROR");

const html = (body: string) => new Response(body, { headers: { "content-type": "text/html" } });

/** Stands in for the web: `page(url)` answers a page, or null for one that cannot be reached. */
function servePages(page: (url: string) => Response | null): string[] {
  const seen: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    seen.push(url);
    const answer = page(url);
    if (!answer) throw new Error("unreachable");
    return answer;
  });
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("opening a socket", () => {
  it("greets everyone with CONNECT, the server line and the new reader", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const mark = sa.frames.length;
    await openSocket(b, id);
    const joined = await sa.next("CONNECT", (f) => f.user.username === b.username, mark);
    expect(joined.message_sender).toBe("server");
    expect(joined.text).toBe(`${b.username} joined the chat.`);
    const own = sa.frames.find((f) => f.message_type === "CONNECT");
    expect(own).toMatchObject({ user: { username: a.username, profile_name: "Ada Lovelace" } });
    expect(own && "text" in own && own.text).toBe("Ada Lovelace joined the chat.");
  });

  it("announces a person once, not every tab they open", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    await openSocket(b, id);
    const mark = sa.frames.length;
    const secondTab = await openSocket(b, id);
    expect(secondTab.frames.map((f) => f.message_type)).toEqual(["CONNECT"]);
    await settle();
    expect(sa.frames.slice(mark)).toEqual([]);
  });

  it("says RECONNECT instead when a client resumes after a drop", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const mark = sa.frames.length;
    const res = await upgrade(id, await socketToken(b, id), "&reconnect=1");
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    const again = await sa.next("RECONNECT", (f) => f.user.username === b.username, mark);
    expect(again.message_sender).toBe("server");
    await settle();
    expect(sa.frames.slice(mark).some((f) => f.message_type === "CONNECT")).toBe(false);
  });

  it("refuses a forged, expired, misdirected or missing token, and a plain request", async () => {
    const { a, b, id } = await pair();
    const other = await startThread(a, await createUser());
    const forged = await sign(
      {
        sub: String(a.id),
        kind: "chat",
        thread: id,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 60,
      },
      "not-the-secret",
      "HS256",
    );
    const expired = await sign(
      { sub: String(a.id), kind: "chat", thread: id, iat: 1_000, exp: 1_060 },
      env.JWT_SECRET,
      "HS256",
    );
    const userToken = a.token; // a 7-day user token is not a socket token
    for (const token of [forged, expired, userToken, await socketToken(a, other), "garbage"]) {
      const res = await upgrade(id, token);
      expect(res.status, token).toBe(401);
      expect(res.webSocket).toBeNull();
      expect((await json<{ detail: string }>(res)).detail).toBe(CHAT_MSG.badToken);
    }
    expect(
      (await api(`/api/v1/chat/websocket/connect?public_id=${id}`, { headers: { Upgrade: "websocket" } }))
        .status,
    ).toBe(422);
    const plain = await api(
      `/api/v1/chat/websocket/connect?public_id=${id}&token=${await socketToken(b, id)}`,
    );
    expect(plain.status).toBe(426);
  });

  it("keeps outsiders out even with a validly signed token for them", async () => {
    const { id } = await pair();
    const outsider = await createUser();
    const res = await api(`${CHAT}/websocket/auth?public_id=${id}`, {
      method: "POST",
      headers: outsider.auth,
    });
    expect(res.status).toBe(404);
    const token = await signChatToken(env.JWT_SECRET, { id: outsider.id, version: 0 }, id);
    const upgraded = await upgrade(id, token);
    expect(upgraded.status).toBe(404);
    expect(upgraded.webSocket).toBeNull();
  });

  it("ignores identity headers a client sends itself", async () => {
    const { a, b, id } = await pair();
    const outsider = await createUser();
    await openSocket(a, id);
    const token = await signChatToken(env.JWT_SECRET, { id: outsider.id, version: 0 }, id);
    const res = await api(`/api/v1/chat/websocket/connect?public_id=${id}&token=${token}`, {
      headers: { Upgrade: "websocket", "x-agora-chat-user-id": String(b.id) },
    });
    expect(res.status).toBe(404);
  });
});

describe("frames", () => {
  it("answers PING with PONG on that socket", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const markB = sb.frames.length;
    sa.send({ message_type: "PING" });
    await sa.next("PONG");
    const mark = sa.frames.length;
    sa.send('{ "message_type" : "PING" }');
    await sa.next("PONG", undefined, mark);
    await settle();
    expect(sb.frames.slice(markB).some((f) => f.message_type === "PONG")).toBe(false);
  });

  it("relays TYPING and STOPTYPING to the others only", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    sa.send({ message_type: "TYPING" });
    const typing = await sb.next("TYPING");
    expect(typing.message_sender.username).toBe(a.username);
    sa.send({ message_type: "STOPTYPING" });
    expect((await sb.next("STOPTYPING")).message_sender.username).toBe(a.username);
    await settle();
    expect(sa.frames.some((f) => f.message_type === "TYPING" || f.message_type === "STOPTYPING")).toBe(false);
  });

  it("tells a newcomer who is typing right now", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    sa.send({ message_type: "TYPING" });
    await settle();
    const sb = await openSocket(b, id);
    expect((await sb.next("TYPING")).message_sender.username).toBe(a.username);
  });

  it("stores a TEXT, then delivers it with every field of a chat message", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    sa.send({ message_type: "TEXT", text: "  Hello there  ", client_id: "m-1" });
    const got = await sb.next("TEXT");
    expect(got).toMatchObject({
      message_type: "TEXT",
      message_sender: { username: a.username, profile_name: "Ada Lovelace" },
      text: "Hello there",
      media: null,
      webpage_preview: null,
      client_id: "m-1",
    });
    expect(got.id).toBeGreaterThan(0);
    expect(new Date(got.created_at).toISOString()).toBe(got.created_at);
    expect(got.updated_at).toBe(got.created_at);
    expect(got.readers.sort()).toEqual([a.username, b.username].sort());
    expect((await sa.next("TEXT")).id).toBe(got.id);
    expect(await storedMessages(id)).toBe(1);
    const page = await messageList(b, id);
    expect(page.list.map((m) => m.text)).toEqual(["Hello there"]);
  });

  it("carries the server's preview of the link, not the one the sender's client made up", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const seen = servePages((url) =>
      url === "https://example.com/page"
        ? html('<title>An example</title><meta property="og:description" content="What the page says">')
        : null,
    );
    const forged = {
      site_name: "Your Bank",
      title: "Sign in to keep your account",
      link: "https://example.com/page",
      description: "Your account is locked",
      image: "https://evil.example/logo.png",
    };
    sa.send({ message_type: "TEXT", text: "look https://example.com/page", webpage_preview: forged });
    const got = await sb.next("TEXT");
    const real = {
      site_name: "example.com",
      title: "An example",
      link: "https://example.com/page",
      description: "What the page says",
      image: null,
    };
    expect(got.webpage_preview).toEqual(real);
    expect((await sa.next("TEXT")).webpage_preview).toEqual(real);
    const [stored] = (await messageList(b, id)).list;
    expect(stored!.webpage_preview).toEqual(real);
    expect(seen).toEqual(["https://example.com/page"]);

    // A preview of another site than the text names is refused outright.
    sa.send({ message_type: "TEXT", text: "my bank https://bank.example.org", webpage_preview: forged });
    expect((await sa.next("ERROR")).text).toBe(CHAT_MSG.previewMismatch);
    expect(await storedMessages(id)).toBe(1);
  });

  it("sends no preview when the page cannot be previewed, and uses the one the composer fetched", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const made = (link: string) => ({
      site_name: "x",
      title: "Made up",
      link,
      description: null,
      image: null,
    });
    let seen = servePages(() => null);
    sa.send({
      message_type: "TEXT",
      text: "see down.example.com",
      webpage_preview: made("https://down.example.com/"),
    });
    expect((await sb.next("TEXT")).webpage_preview).toBeNull();
    expect(seen).toEqual(["https://down.example.com/"]);

    // The composer asked the server for the preview first: the message takes that one, without another fetch.
    vi.restoreAllMocks();
    seen = servePages(() => html('<meta property="og:title" content="Fetched by the server">'));
    const shown = await api("/api/webpage-preview?link=news.example.com/today", { headers: a.auth });
    expect(shown.status).toBe(200);
    const fromServer = await json<{ link: string }>(shown);
    const mark = sb.frames.length;
    sa.send({
      message_type: "TEXT",
      text: "news.example.com/today",
      webpage_preview: { ...made(fromServer.link), title: "Edited by the client" },
    });
    const got = await sb.next("TEXT", undefined, mark);
    expect(got.webpage_preview).toEqual(fromServer);
    expect(got.webpage_preview?.title).toBe("Fetched by the server");
    expect(seen).toEqual(["https://news.example.com/today"]);
  });

  it("refuses bad frames with an ERROR on that socket only, storing nothing", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const markB = sb.frames.length;
    const bad: Array<[unknown, string]> = [
      [{ message_type: "TEXT", text: "x".repeat(CHAT_MESSAGE_MAX + 1) }, CHAT_MSG.tooLong],
      [{ message_type: "TEXT", text: "   \n  " }, CHAT_MSG.blank],
      [{ message_type: "TEXT" }, CHAT_MSG.blank],
      ["this is not json", CHAT_MSG.malformed],
      [{ message_type: "SHOUT", text: "hi" }, CHAT_MSG.malformed],
      [{ message_type: "EXCLUDE" }, CHAT_MSG.malformed],
      [{ message_type: "DELETE", id: "one" }, CHAT_MSG.malformed],
      [["TEXT"], CHAT_MSG.malformed],
    ];
    for (const [frame, reason] of bad) {
      const mark = sa.frames.length;
      sa.send(frame);
      const error = await sa.next("ERROR", undefined, mark);
      expect(error.text.startsWith(reason), `${JSON.stringify(frame)} → ${error.text}`).toBe(true);
    }
    // The refusal names the refused text, so its client knows not to send it again.
    const mark = sa.frames.length;
    sa.send({ message_type: "TEXT", text: "z".repeat(CHAT_MESSAGE_MAX + 1), client_id: "too-long-1" });
    expect(await sa.next("ERROR", undefined, mark)).toEqual({
      message_type: "ERROR",
      text: CHAT_MSG.tooLong,
      client_id: "too-long-1",
    });
    // Exactly at the limit is fine.
    sa.send({ message_type: "TEXT", text: "y".repeat(CHAT_MESSAGE_MAX) });
    await sb.next("TEXT");
    await settle();
    expect(sb.frames.slice(markB).filter((f) => f.message_type !== "TEXT")).toEqual([]);
    expect(await storedMessages(id)).toBe(1);
    expect((await messageList(a, id)).total_list).toBe(1);
  });

  it("lets only the author delete a message, and the preview falls back", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    sa.send({ message_type: "TEXT", text: "first" });
    const first = await sb.next("TEXT", (f) => f.text === "first");
    sa.send({ message_type: "TEXT", text: "second" });
    const second = await sb.next("TEXT", (f) => f.text === "second");

    const markA = sa.frames.length;
    sb.send({ message_type: "DELETE", id: second.id });
    expect((await sb.next("ERROR")).text).toBe(CHAT_MSG.notAuthor);
    sb.send({ message_type: "DELETE", id: 999_999 });
    expect((await sb.next("ERROR", (f) => f.text !== CHAT_MSG.notAuthor)).text).toBe(
      CHAT_MSG.messageNotFound,
    );
    await settle();
    expect(
      sa.frames.slice(markA).some((f) => f.message_type === "DELETE" || f.message_type === "ERROR"),
    ).toBe(false);
    expect(await storedMessages(id)).toBe(2);

    sa.send({ message_type: "DELETE", id: second.id });
    const deleted = await sb.next("DELETE");
    expect(deleted.id).toBe(second.id);
    expect(deleted.last_message).toMatchObject({ message_type: "TEXT", text: "first" });
    expect((await sa.next("DELETE")).id).toBe(second.id);
    expect((await messageList(a, id)).list.map((m) => m.id)).toEqual([first.id]);
    await expect.poll(async () => (await threadOf(b, id)).last_message?.text).toBe("first");

    sa.send({ message_type: "DELETE", id: first.id });
    expect((await sb.next("DELETE", (f) => f.id === first.id)).last_message).toBeNull();
    await expect.poll(async () => (await threadOf(b, id)).last_message).toBeNull();
  });

  it("stops texts when one person blocks the other while both are connected", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    await block(b, a);
    sa.send({ message_type: "TEXT", text: "still there?", client_id: "after-block" });
    expect(await sa.next("ERROR")).toMatchObject({ text: CHAT_MSG.blocked, client_id: "after-block" });
    await settle();
    expect(sb.frames.some((f) => f.message_type === "TEXT")).toBe(false);
    expect(await storedMessages(id)).toBe(0);
  });

  it("stores a resent message once when the client reconnects with the same client id", async () => {
    const { a, b, id } = await pair();
    const sb = await openSocket(b, id);
    let sa = await openSocket(a, id);
    sa.send({ message_type: "TEXT", text: "are you there?", client_id: "c-42" });
    const original = await sb.next("TEXT");
    sa.close();
    sa = await openSocket(a, id, "&reconnect=1");
    const mark = sb.frames.length;
    sa.send({ message_type: "TEXT", text: "are you there?", client_id: "c-42" });
    const echo = await sa.next("TEXT", (f) => f.client_id === "c-42");
    expect(echo.id).toBe(original.id);
    // The same id under the other names clients use for it means the same message too.
    sa.send({ message_type: "TEXT", text: "are you there?", id: "c-42" });
    sa.send({ message_type: "TEXT", text: "are you there?", nonce: "c-42" });
    sa.send({ message_type: "TEXT", text: "are you there?", clientId: "c-42" });
    await settle();
    expect(sb.frames.slice(mark).filter((f) => f.message_type === "TEXT")).toEqual([]);
    expect(await storedMessages(id)).toBe(1);
    // Another client id is another message, even with the same words.
    sa.send({ message_type: "TEXT", text: "are you there?", client_id: "c-43" });
    await sb.next("TEXT", (f) => f.client_id === "c-43");
    expect(await storedMessages(id)).toBe(2);
  });

  it("slows a flooding socket down without holding up the others", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    const burst = FLOOD.capacity + FLOOD.maxDebt + 10;
    for (let i = 0; i < burst; i++) sa.send({ message_type: "TEXT", text: `flood ${i}`, client_id: `f${i}` });
    sb.send({ message_type: "TEXT", text: "meanwhile", client_id: "calm" });
    await sb.next("TEXT", (f) => f.client_id === "calm");
    // B's message overtook A's backlog: A's later frames are still waiting for tokens.
    const arrived = sb.frames
      .filter((f) => f.message_type === "TEXT")
      .map((f) => (f as { client_id: string }).client_id);
    expect(arrived).not.toContain(`f${FLOOD.capacity + FLOOD.maxDebt - 1}`);
    // Past its allowance the flooder is refused on its own socket; nobody else sees errors.
    expect(errorsOf(sa).length).toBeGreaterThan(0);
    expect(errorsOf(sa).every((f) => f.text === CHAT_MSG.tooFast)).toBe(true);
    expect(errorsOf(sb)).toEqual([]);
    // The backlog drains in order and every accepted message arrives.
    const last = `f${FLOOD.capacity + FLOOD.maxDebt - 1}`;
    const deadline = Date.now() + 10_000;
    while (!sb.frames.some((f) => f.message_type === "TEXT" && f.client_id === last) && Date.now() < deadline)
      await settle(50);
    const floodOf = () =>
      sb.frames
        .filter((f) => f.message_type === "TEXT" && f.client_id?.startsWith("f"))
        .map((f) => Number((f as { client_id: string }).client_id.slice(1)));
    // Every frame of the burst is answered, on B's socket as a message or on A's as a refusal (the
    // last refusals can reach A after the last message reached B).
    await expect.poll(() => floodOf().length + errorsOf(sa).length, { timeout: 10_000 }).toBe(burst);
    const flood = floodOf();
    expect(flood).toEqual([...flood].sort((x, y) => x - y));
    expect(await storedMessages(id)).toBe(flood.length + 1);
  }, 20_000);
});

describe("unread counts and the thread list", () => {
  it("counts messages while away, and opening the thread reads them", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    for (const text of ["one", "two", "three"]) {
      sa.send({ message_type: "TEXT", text });
      await sa.next("TEXT", (f) => f.text === text);
    }
    await expect.poll(async () => (await threadOf(b, id)).total_unread_messages).toBe(3);
    expect((await threadOf(a, id)).total_unread_messages).toBe(0);
    const page = await messageList(b, id);
    expect(page.list.map((m) => m.text)).toEqual(["three", "two", "one"]);

    const sb = await openSocket(b, id);
    await expect.poll(async () => (await threadOf(b, id)).total_unread_messages).toBe(0);
    // While B is here, new messages are read at once.
    sa.send({ message_type: "TEXT", text: "four" });
    const four = await sb.next("TEXT", (f) => f.text === "four");
    expect(four.readers).toContain(b.username);
    await settle();
    expect((await threadOf(b, id)).total_unread_messages).toBe(0);
  });

  it("moves the thread with the newest message to the top", async () => {
    const me = await createUser();
    const [x, y] = [await createUser(), await createUser()];
    const withX = await startThread(me, x);
    const withY = await startThread(me, y);
    const list = async () =>
      (
        await json<{ list: Array<{ public_id: string }> }>(
          await api(`${CHAT}/thread/list`, { headers: me.auth }),
        )
      ).list.map((t) => t.public_id);
    expect(await list()).toEqual([withY, withX]);
    const sx = await openSocket(x, withX);
    sx.send({ message_type: "TEXT", text: "hi from x" });
    await sx.next("TEXT");
    await expect.poll(list).toEqual([withX, withY]);
  });
});

describe("images", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

  it("stores an upload and sends it to the thread as IMAGE", async () => {
    const { a, b, id } = await pair();
    const sb = await openSocket(b, id);
    const res = await api(`${CHAT}/image`, {
      method: "POST",
      headers: a.auth,
      body: form({ public_id: id, file: new File([png], "photo.txt", { type: "text/plain" }) }),
    });
    expect(res.status).toBe(201);
    const message = await json<{ id: number; message_type: string; media: string; text: string | null }>(res);
    expect(message).toMatchObject({ message_type: "IMAGE", text: null });
    const frame = await sb.next("IMAGE");
    expect(frame.id).toBe(message.id);
    expect(frame.media).toBe(message.media);
    const file = await api(message.media, { headers: b.auth });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    await expect.poll(async () => (await threadOf(b, id)).last_message).toMatchObject({ text: null });
  });

  it("refuses what is not a picture, what is too big, and outsiders", async () => {
    const { a, id } = await pair();
    const send = (file: File, who = a) =>
      api(`${CHAT}/image`, { method: "POST", headers: who.auth, body: form({ public_id: id, file }) });
    const text = await send(new File(["hello"], "a.png", { type: "image/png" }));
    expect(text.status).toBe(415);
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(png);
    const tooBig = await send(new File([big], "big.png", { type: "image/png" }));
    expect(tooBig.status).toBe(413);
    expect((await json<{ detail: string }>(tooBig)).detail).toBe(
      "Your file is 1 MB. Use another file with its size less than 1 MB.",
    );
    expect((await send(new File([png], "p.png"), await createUser())).status).toBe(404);
    expect((await messageList(a, id)).total_list).toBe(0);
  });
});

describe("deleting a thread", () => {
  it("by a CLOSE frame: EXCLUDE to every socket, sockets closed, thread gone", async () => {
    const { a, b, id } = await pair();
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    sa.send({ message_type: "TEXT", text: "bye" });
    await sb.next("TEXT");
    sb.send({ message_type: "CLOSE" });
    expect((await sa.next("EXCLUDE")).message_type).toBe("EXCLUDE");
    await sb.next("EXCLUDE");
    await expect.poll(() => sa.closed?.code).toBe(4000);
    await expect.poll(() => sb.closed?.code).toBe(4000);
    for (const who of [a, b]) {
      expect((await api(`${CHAT}/thread?public_id=${id}`, { headers: who.auth })).status).toBe(404);
      expect((await api(`${CHAT}/thread/message/list?public_id=${id}`, { headers: who.auth })).status).toBe(
        404,
      );
    }
    expect(await storedMessages(id)).toBe(0);
  });

  it("by DELETE: the same, and the pair can start afresh", async () => {
    const { a, b, id } = await pair();
    const sb = await openSocket(b, id);
    const res = await api(`${CHAT}/thread?public_id=${id}`, { method: "DELETE", headers: a.auth });
    expect(res.status).toBe(204);
    await sb.next("EXCLUDE");
    await expect.poll(() => sb.closed?.code).toBe(4000);
    const list = await json<{ total_list: number }>(await api(`${CHAT}/thread/list`, { headers: b.auth }));
    expect(list.total_list).toBe(0);
    const again = await startThread(b, a);
    expect(again).not.toBe(id);
  });

  it("refuses outsiders", async () => {
    const { a, id } = await pair();
    const outsider = await createUser();
    const res = await api(`${CHAT}/thread?public_id=${id}`, { method: "DELETE", headers: outsider.auth });
    expect(res.status).toBe(404);
    expect((await api(`${CHAT}/thread?public_id=${id}`, { headers: a.auth })).status).toBe(200);
  });
});
