import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CHAT_PING_INTERVAL_MS,
  CHAT_RECONNECT_ATTEMPTS,
  CHAT_RECONNECT_INTERVAL_MS,
} from "#shared/constants.ts";
import type { ChatServerFrame } from "#shared/schemas/chat.ts";
import { ChatSocket, CLOSE_THREAD_DELETED, type GiveUpReason, type SocketState } from "./socket";

/** A WebSocket the test drives: it opens, receives and closes when told. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: ChatServerFrame | string) {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const message = (clientId: string): ChatServerFrame => ({
  message_type: "TEXT",
  id: 1,
  message_sender: { username: "ana", profile_name: null, profile_image: null },
  text: "hi",
  media: null,
  alt: null,
  webpage_preview: null,
  readers: ["ana"],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  client_id: clientId,
  reactions: [],
});

function setup(getToken: () => Promise<string> = async () => "tok") {
  const sockets: FakeSocket[] = [];
  const states: Array<[SocketState, boolean]> = [];
  const frames: ChatServerFrame[] = [];
  const gaveUp: GiveUpReason[] = [];
  const chat = new ChatSocket({
    publicId: "thread1",
    origin: "https://agora.example",
    getToken,
    isFatalTokenError: (e) => e instanceof Error && e.message === "403",
    onFrame: (f) => frames.push(f),
    onState: (s, info) => states.push([s, info.reconnecting]),
    onGiveUp: (r) => gaveUp.push(r),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
  });
  const last = () => sockets[sockets.length - 1]!;
  return { chat, sockets, states, frames, gaveUp, last };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("ChatSocket", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("connects with a fresh token to the thread's wss address and reports open", async () => {
    const { chat, last, states } = setup();
    chat.start();
    await flush();
    expect(last().url).toBe("wss://agora.example/api/v1/chat/websocket/connect?public_id=thread1&token=tok");
    expect(chat.current).toBe("connecting");
    last().open();
    expect(states).toEqual([
      ["connecting", false],
      ["open", false],
    ]);
  });

  it("sends a text queued before it opens once it opens, keeping the client id it was given", async () => {
    // A new conversation's first text is handed to the thread's socket before it connects.
    const { chat, last } = setup();
    expect(chat.sendText("hello", null, "first-1")).toBe("first-1");
    chat.start();
    await flush();
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent.map((f) => JSON.parse(f))).toEqual([
      { message_type: "TEXT", client_id: "first-1", text: "hello", webpage_preview: null },
    ]);
    last().receive(message("first-1"));
    expect(chat.pending).toEqual([]);
  });

  it("pings every 30 seconds while open", async () => {
    const { chat, last } = setup();
    chat.start();
    await flush();
    last().open();
    await vi.advanceTimersByTimeAsync(CHAT_PING_INTERVAL_MS * 2);
    expect(last().sent).toEqual(['{"message_type":"PING"}', '{"message_type":"PING"}']);
  });

  it("reconnects every second after a drop, says so, and resends unconfirmed texts", async () => {
    const { chat, sockets, last, states } = setup();
    chat.start();
    await flush();
    last().open();
    const confirmed = chat.sendText("first", null);
    const lost = chat.sendText("second", null);
    last().receive(message(confirmed));
    expect(chat.pending.map((p) => p.client_id)).toEqual([lost]);

    last().drop();
    expect(chat.current).toBe("connecting");
    expect(states[states.length - 1]).toEqual(["connecting", true]);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_INTERVAL_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain("reconnect=1");
    last().open();
    // Only the text the server never confirmed goes again, with the same client id.
    expect(last().sent.map((s) => JSON.parse(s))).toEqual([
      { message_type: "TEXT", client_id: lost, text: "second", webpage_preview: null },
    ]);
  });

  it("gives up with 'unreachable' after the last attempt", async () => {
    const { chat, sockets, last, gaveUp } = setup();
    chat.start();
    await flush();
    last().open();
    for (let i = 0; i <= CHAT_RECONNECT_ATTEMPTS; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_INTERVAL_MS);
    }
    expect(gaveUp).toEqual(["unreachable"]);
    expect(chat.current).toBe("closed");
    expect(sockets).toHaveLength(CHAT_RECONNECT_ATTEMPTS + 1);
  });

  it("gives up at once when the token is refused, and retries when the network failed", async () => {
    let calls = 0;
    const refused = setup(async () => {
      calls++;
      throw new Error("403");
    });
    refused.chat.start();
    await flush();
    expect(refused.gaveUp).toEqual(["token"]);
    expect(calls).toBe(1);

    let n = 0;
    const flaky = setup(async () => {
      n++;
      if (n === 1) throw new Error("offline");
      return "tok";
    });
    flaky.chat.start();
    await flush();
    expect(flaky.sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_INTERVAL_MS);
    expect(flaky.sockets).toHaveLength(1);
    expect(flaky.gaveUp).toEqual([]);
  });

  it("stops on EXCLUDE or when the thread's socket closes as deleted", async () => {
    const a = setup();
    a.chat.start();
    await flush();
    a.last().open();
    a.last().receive({ message_type: "EXCLUDE", text: "The chat was deleted" });
    expect(a.gaveUp).toEqual(["excluded"]);
    expect(a.frames.map((f) => f.message_type)).toEqual(["EXCLUDE"]);

    const b = setup();
    b.chat.start();
    await flush();
    b.last().open();
    b.last().drop(CLOSE_THREAD_DELETED);
    expect(b.gaveUp).toEqual(["excluded"]);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_INTERVAL_MS * 3);
    expect(b.sockets).toHaveLength(1);
  });

  it("forgets a text the server refused, and ignores frames it cannot read", async () => {
    const { chat, last, frames } = setup();
    chat.start();
    await flush();
    last().open();
    const id = chat.sendText("x", null);
    last().receive({
      message_type: "ERROR",
      text: "Your message shouldn't be more than 1000",
      client_id: id,
    });
    expect(chat.pending).toEqual([]);
    last().receive("not json");
    last().receive('{"message_type":"NOPE"}');
    expect(frames.map((f) => f.message_type)).toEqual(["ERROR"]);
  });

  it("queues texts while connecting and sends nothing else until open", async () => {
    const { chat, last } = setup();
    chat.start();
    await flush();
    chat.sendText("early", null);
    expect(chat.send({ message_type: "TYPING" })).toBe(false);
    last().open();
    expect(last().sent.map((s) => JSON.parse(s).text)).toEqual(["early"]);
  });

  it("closes for good when the user leaves", async () => {
    const { chat, sockets, last, states } = setup();
    chat.start();
    await flush();
    last().open();
    chat.stop();
    expect(states.map(([s]) => s)).toContain("closing");
    last().drop(1000);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_INTERVAL_MS * 3);
    expect(sockets).toHaveLength(1);
  });
});
