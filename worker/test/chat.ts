import { expect } from "vitest";
import type { ChatServerFrame } from "#shared/schemas/chat.ts";
import { api, env, form, json } from "./api";
import type { TestUser } from "./people";

// Chat for the tests: threads, socket tokens and real WebSockets through the Worker to the
// thread's Durable Object.

export const CHAT = "/api/v1/private/user/chat";

export async function startThread(a: TestUser, b: TestUser): Promise<string> {
  const res = await api(`${CHAT}/thread`, {
    method: "POST",
    headers: a.auth,
    body: form({ username: b.username }),
  });
  expect(res.status).toBe(201);
  return (await json<{ public_id: string }>(res)).public_id;
}

export async function socketToken(user: TestUser, publicId: string): Promise<string> {
  const res = await api(`${CHAT}/websocket/auth?public_id=${publicId}`, {
    method: "POST",
    headers: user.auth,
  });
  expect(res.status).toBe(200);
  return (await json<{ access_token: string }>(res)).access_token;
}

export function upgrade(publicId: string, token: string, extra = ""): Promise<Response> {
  return api(
    `/api/v1/chat/websocket/connect?public_id=${publicId}&token=${encodeURIComponent(token)}${extra}`,
    {
      headers: { Upgrade: "websocket" },
    },
  );
}

export interface TestSocket {
  ws: WebSocket;
  frames: ChatServerFrame[];
  closed: { code: number; reason: string } | null;
  send(frame: unknown): void;
  /** Waits for the first frame (from `after` on) that matches. */
  next<T extends ChatServerFrame["message_type"]>(
    type: T,
    match?: (frame: Extract<ChatServerFrame, { message_type: T }>) => boolean,
    after?: number,
  ): Promise<Extract<ChatServerFrame, { message_type: T }>>;
  close(): void;
}

/** A real socket to the thread's Durable Object, as the SPA opens it. */
export async function openSocket(user: TestUser, publicId: string, extra = ""): Promise<TestSocket> {
  const res = await upgrade(publicId, await socketToken(user, publicId), extra);
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const socket: TestSocket = {
    ws,
    frames: [],
    closed: null,
    send: (frame) => ws.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    async next(type, match, after = 0) {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const hit = socket.frames
          .slice(after)
          .find((f) => f.message_type === type && (!match || match(f as never)));
        if (hit) return hit as never;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no ${type} frame; got ${JSON.stringify(socket.frames.map((f) => f.message_type))}`);
    },
    close: () => ws.close(1000, "done"),
  };
  ws.addEventListener("message", (event) => {
    socket.frames.push(JSON.parse(String(event.data)));
  });
  ws.addEventListener("close", (event) => {
    socket.closed = { code: event.code, reason: event.reason };
  });
  // The server greets every socket with its own CONNECT (or RECONNECT): from then on it is registered.
  const greeting = extra.includes("reconnect=1") ? "RECONNECT" : "CONNECT";
  await socket.next(greeting, (f) => f.user.username === user.username);
  return socket;
}

/** Lets frames in flight arrive, for assertions that something did NOT happen. */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

export async function messageList(user: TestUser, publicId: string, query = "") {
  const res = await api(`${CHAT}/thread/message/list?public_id=${publicId}${query}`, { headers: user.auth });
  expect(res.status).toBe(200);
  return json<{
    list: Array<{
      id: number;
      text: string | null;
      message_type: string;
      message_sender: { username: string };
      webpage_preview: unknown;
    }>;
    total_list: number;
    total_pages: number;
  }>(res);
}

export async function threadOf(user: TestUser, publicId: string) {
  const res = await api(`${CHAT}/thread?public_id=${publicId}`, { headers: user.auth });
  expect(res.status).toBe(200);
  return json<{ total_unread_messages: number; last_message: { text: string | null } | null }>(res);
}

/** One TEXT message from `user` in the thread, through their own socket, once it is stored. */
export async function say(user: TestUser, publicId: string, text: string): Promise<void> {
  const socket = await openSocket(user, publicId);
  socket.send({ message_type: "TEXT", text });
  await socket.next("TEXT", (f) => f.text === text);
  socket.close();
}

/**
 * A thread in which `a` wrote and `b` answered (what makes them chat partners who see each other
 * online), once the thread's D1 rows say so.
 */
export async function converse(a: TestUser, b: TestUser): Promise<string> {
  const publicId = await startThread(a, b);
  await say(a, publicId, "Hello");
  await say(b, publicId, "Hi there");
  await expect
    .poll(async () => {
      const row = await env.DB.prepare(
        `SELECT count(*) AS n FROM chat_thread_users p JOIN chat_threads t ON t.id = p.thread_id
          WHERE t.public_id = ?1 AND p.sent_at IS NOT NULL`,
      )
        .bind(publicId)
        .first<{ n: number }>();
      return row?.n;
    })
    .toBe(2);
  return publicId;
}
