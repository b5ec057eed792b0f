import {
  CHAT_PING_INTERVAL_MS,
  CHAT_RECONNECT_ATTEMPTS,
  CHAT_RECONNECT_INTERVAL_MS,
} from "#shared/constants.ts";
import {
  type ChatClientFrame,
  type ChatServerFrame,
  chatServerFrameSchema,
  type WebpagePreview,
} from "#shared/schemas/chat.ts";

/** The socket states: connecting (nothing shown), open, closing (spinner), closed. */
export type SocketState = "connecting" | "open" | "closing" | "closed";

/**
 * Why the socket stopped for good; each sends the user back to chat home but `removed` (they left
 * the group or were removed: the thread stays open to read).
 */
export type GiveUpReason = "unreachable" | "excluded" | "token" | "removed";

/** The server closes sockets with this code when the thread is deleted. */
export const CLOSE_THREAD_DELETED = 4000;
/** ...and with this one when the person is no longer in the group. */
const CLOSE_NOT_MEMBER = 4403;

export interface ChatSocketOptions {
  publicId: string;
  /** A fresh socket token (POST .../chat/websocket/auth); a rejection with `fatal` gives up. */
  getToken: () => Promise<string>;
  onFrame: (frame: ChatServerFrame) => void;
  onState: (state: SocketState, info: { reconnecting: boolean }) => void;
  onGiveUp: (reason: GiveUpReason, error?: unknown) => void;
  /** Whether a token error means the user may not open this thread (403, 404…). */
  isFatalTokenError?: (error: unknown) => boolean;
  createSocket?: (url: string) => WebSocket;
  /** The page's origin, for the ws:// or wss:// address. */
  origin?: string;
}

export interface PendingText {
  client_id: string;
  text: string;
  webpage_preview: WebpagePreview | null;
  /** The id of the message it answers. */
  reply_to?: number;
}

/** A client id no other message of this sender will have: 128 random bits. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The chat client: connects with a fresh token, pings every 30 s, reconnects every
 * second after a drop and gives up after CHAT_RECONNECT_ATTEMPTS tries. Texts wait in an outbox
 * until the server echoes their client id, and are sent again after every reconnect; the server
 * stores a client id once, so nothing is lost and nothing is doubled.
 */
export class ChatSocket {
  private ws: WebSocket | null = null;
  private state: SocketState = "closed";
  private attempts = 0;
  private everOpened = false;
  private stopped = false;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly outbox = new Map<string, PendingText>();

  constructor(private readonly options: ChatSocketOptions) {}

  get current(): SocketState {
    return this.state;
  }

  /** Texts sent but not yet confirmed by the server, oldest first. */
  get pending(): PendingText[] {
    return [...this.outbox.values()];
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  /** Leaves the thread: the socket closes and nothing reconnects. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= 1) {
      this.setState("closing");
      ws.onclose = () => this.setState("closed");
      ws.close(1000, "left");
    } else this.setState("closed");
  }

  /**
   * Queues a text and sends it now if the socket is open (else once it opens); returns its client
   * id. A text handed over with its own client id keeps it, so a repeat is stored once.
   */
  sendText(
    text: string,
    webpage_preview: WebpagePreview | null,
    client_id = newClientId(),
    reply_to?: number,
  ): string {
    const pending: PendingText = { client_id, text, webpage_preview, ...(reply_to ? { reply_to } : {}) };
    this.outbox.set(pending.client_id, pending);
    this.sendFrame({ message_type: "TEXT", ...pending });
    return pending.client_id;
  }

  /** Frames that mean nothing later (typing, delete, close): sent now or not at all. */
  send(frame: Exclude<ChatClientFrame, { message_type: "TEXT" }>): boolean {
    return this.sendFrame(frame);
  }

  private sendFrame(frame: ChatClientFrame): boolean {
    if (this.state !== "open" || !this.ws) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  private setState(state: SocketState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onState(state, { reconnecting: this.everOpened && state === "connecting" });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    this.setState("connecting");
    let token: string;
    try {
      token = await this.options.getToken();
    } catch (error) {
      if (this.stopped) return;
      if (this.options.isFatalTokenError?.(error)) return this.giveUp("token", error);
      return this.retry();
    }
    if (this.stopped) return;
    const base = (this.options.origin ?? location.origin).replace(/^http/, "ws");
    const query = new URLSearchParams({ public_id: this.options.publicId, token });
    if (this.everOpened) query.set("reconnect", "1");
    const url = `${base}/api/v1/chat/websocket/connect?${query}`;
    const ws = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempts = 0;
      this.everOpened = true;
      this.setState("open");
      this.pingTimer = setInterval(() => this.send({ message_type: "PING" }), CHAT_PING_INTERVAL_MS);
      for (const pending of this.outbox.values())
        ws.send(JSON.stringify({ message_type: "TEXT", ...pending }));
    };
    ws.onmessage = (event) => {
      if (this.ws !== ws) return;
      let raw: unknown;
      try {
        raw = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = chatServerFrameSchema.safeParse(raw);
      if (!parsed.success) return;
      const frame = parsed.data;
      // An echo confirms a text; an ERROR naming it means it was refused and never stored.
      const settled =
        frame.message_type === "TEXT" || frame.message_type === "IMAGE" || frame.message_type === "ERROR"
          ? frame.client_id
          : null;
      if (settled) this.outbox.delete(settled);
      this.options.onFrame(frame);
      if (frame.message_type === "EXCLUDE") this.giveUp("excluded");
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearTimers();
      if (this.stopped) return this.setState("closed");
      if (event.code === CLOSE_THREAD_DELETED) return this.giveUp("excluded");
      if (event.code === CLOSE_NOT_MEMBER) return this.giveUp("removed");
      this.retry();
    };
  }

  private retry(): void {
    this.attempts += 1;
    if (this.attempts > CHAT_RECONNECT_ATTEMPTS) {
      this.giveUp("unreachable");
      return;
    }
    this.setState("connecting");
    this.retryTimer = setTimeout(() => void this.connect(), CHAT_RECONNECT_INTERVAL_MS);
  }

  private giveUp(reason: GiveUpReason, error?: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimers();
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= 1) ws.close(1000, "done");
    this.setState("closed");
    this.options.onGiveUp(reason, error);
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.pingTimer = null;
    this.retryTimer = null;
  }
}
