import { expect } from "vitest";
import type { LivePostFrame, LiveServerFrame } from "#shared/schemas/live.ts";
import { api, json } from "./api";
import type { TestUser } from "./people";

// A person's live-updates socket (features/live), as a tab holds it: every frame it got, and a
// wait for the next one of a type; and a post's own socket, as a post page holds it.

export const AUTH = "/api/v1/private/user/live/websocket/auth";
export const POST_AUTH = "/api/v1/private/user/live/post/websocket/auth";

export async function liveToken(user: TestUser): Promise<string> {
  const res = await api(AUTH, { method: "POST", headers: user.auth });
  expect(res.status).toBe(200);
  return (await json<{ access_token: string }>(res)).access_token;
}

export const postTokenRequest = (user: TestUser, postId: string) =>
  api(`${POST_AUTH}?public_id=${encodeURIComponent(postId)}`, { method: "POST", headers: user.auth });

export async function postToken(user: TestUser, postId: string): Promise<string> {
  const res = await postTokenRequest(user, postId);
  expect(res.status).toBe(200);
  return (await json<{ access_token: string }>(res)).access_token;
}

export const upgrade = (token: string) =>
  api(`/api/v1/live/websocket/connect?token=${encodeURIComponent(token)}`, {
    headers: { Upgrade: "websocket" },
  });

export const upgradePost = (postId: string, token: string) =>
  api(
    `/api/v1/live/post/websocket/connect?public_id=${encodeURIComponent(postId)}&token=${encodeURIComponent(token)}`,
    { headers: { Upgrade: "websocket" } },
  );

export interface LiveSocket<F extends { type: string } = LiveServerFrame> {
  frames: F[];
  closed: { code: number } | null;
  send(frame: unknown): void;
  next<T extends F["type"]>(
    type: T,
    match?: (f: Extract<F, { type: T }>) => boolean,
  ): Promise<Extract<F, { type: T }>>;
  close(): void;
}

async function accept<F extends { type: string }>(res: Response): Promise<LiveSocket<F>> {
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const socket: LiveSocket<F> = {
    frames: [],
    closed: null,
    send: (frame) => ws.send(JSON.stringify(frame)),
    async next(type, match) {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const hit = socket.frames.find((f) => f.type === type && (!match || match(f as never)));
        if (hit) return hit as never;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`no ${type} frame; got ${JSON.stringify(socket.frames.map((f) => f.type))}`);
    },
    close: () => ws.close(1000, "done"),
  };
  ws.addEventListener("message", (event) => {
    socket.frames.push(JSON.parse(String(event.data)));
  });
  ws.addEventListener("close", (event) => {
    socket.closed = { code: event.code };
  });
  await socket.next("HELLO" as F["type"]);
  return socket;
}

export async function openLive(user: TestUser, token?: string): Promise<LiveSocket> {
  return accept<LiveServerFrame>(await upgrade(token ?? (await liveToken(user))));
}

/** The socket a post page opens for that post. */
export async function openPostLive(user: TestUser, postId: string): Promise<LiveSocket<LivePostFrame>> {
  return accept<LivePostFrame>(await upgradePost(postId, await postToken(user, postId)));
}
