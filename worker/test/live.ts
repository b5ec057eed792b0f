import { expect } from "vitest";
import type { LiveServerFrame } from "#shared/schemas/live.ts";
import { api, json } from "./api";
import type { TestUser } from "./people";

// A person's live-updates socket (features/live), as a tab holds it: every frame it got, and a
// wait for the next one of a type.

export const AUTH = "/api/v1/private/user/live/websocket/auth";

export async function liveToken(user: TestUser): Promise<string> {
  const res = await api(AUTH, { method: "POST", headers: user.auth });
  expect(res.status).toBe(200);
  return (await json<{ access_token: string }>(res)).access_token;
}

export const upgrade = (token: string) =>
  api(`/api/v1/live/websocket/connect?token=${encodeURIComponent(token)}`, {
    headers: { Upgrade: "websocket" },
  });

export interface LiveSocket {
  frames: LiveServerFrame[];
  closed: { code: number } | null;
  send(frame: unknown): void;
  next<T extends LiveServerFrame["type"]>(
    type: T,
    match?: (f: Extract<LiveServerFrame, { type: T }>) => boolean,
  ): Promise<Extract<LiveServerFrame, { type: T }>>;
  close(): void;
}

export async function openLive(user: TestUser, token?: string): Promise<LiveSocket> {
  const res = await upgrade(token ?? (await liveToken(user)));
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const socket: LiveSocket = {
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
  await socket.next("HELLO");
  return socket;
}
