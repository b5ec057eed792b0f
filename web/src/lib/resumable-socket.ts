// One resumable socket (docs/decisions/109, 122): a one-use token, then the socket; `seq` is
// remembered so a reconnect RESUMEs after the last event seen (an event is never applied twice),
// RESYNC says to refetch, a keepalive PING keeps idle proxies from closing it, and a lost socket is
// opened again with backoff. The tab's own socket (client.ts) and a post's (web/src/features/posts/post-socket.ts) are two.

import type { LiveControlFrame } from "#shared/schemas/live.ts";

const MAX_BACKOFF_MS = 30_000;
const KEEPALIVE_MS = 25_000;

export interface ResumableSocketOptions<F extends { type: string }> {
  /** A one-use token for the socket; null when there is to be no socket (stop trying). Throws to try again later. */
  token(): Promise<string | null>;
  /** The socket's path and query, with the token. */
  path(token: string): string;
  /** Frames that carry a state rather than an event, applied as they come; true when it took the frame. */
  onState?(frame: F): boolean;
  /** Each event, in order, once. */
  onEvent(frame: Exclude<F, { type: LiveControlFrame["type"] }>): void;
  /** The server kept too little to replay what this socket missed: refetch. */
  onResync(): void;
  onOpen?(): void;
  /** Each attempt that failed (no token, or closed before it opened), with how many in a row. */
  onFailure?(failures: number): void;
  onClose?(): void;
  /** The reason `stop()` closes the socket with. */
  closeReason: string;
}

const CONTROL: ReadonlySet<string> = new Set<LiveControlFrame["type"]>(["HELLO", "RESYNC", "PONG", "ERROR"]);
const isControl = (frame: { type: string }): frame is LiveControlFrame => CONTROL.has(frame.type);

export interface ResumableSocket {
  stop(): void;
}

export function openResumableSocket<F extends { type: string }>(
  options: ResumableSocketOptions<F>,
): ResumableSocket {
  let ws: WebSocket | null = null;
  let stopped = false;
  let lastSeq: number | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let keepalive: ReturnType<typeof setInterval> | undefined;

  const send = (frame: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function apply(frame: F | LiveControlFrame): void {
    if (isControl(frame)) {
      if (frame.type === "HELLO") {
        // A first connection starts from now; a reconnection asks for what it missed.
        if (lastSeq === null) lastSeq = frame.seq;
        else if (frame.seq !== lastSeq) send({ type: "RESUME", after: lastSeq });
      } else if (frame.type === "RESYNC") {
        lastSeq = frame.seq;
        options.onResync();
      }
      return;
    }
    if (options.onState?.(frame)) return;
    const seq = (frame as { seq?: unknown }).seq;
    if (typeof seq !== "number") return;
    if (lastSeq !== null && seq <= lastSeq) return;
    lastSeq = seq;
    options.onEvent(frame as Exclude<F, { type: LiveControlFrame["type"] }>);
  }

  function schedule(): void {
    if (stopped) return;
    const wait = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(failures, 5)) * (0.5 + Math.random() / 2);
    retry = setTimeout(() => void connect(), wait);
  }

  function failed(): void {
    failures += 1;
    options.onFailure?.(failures);
    schedule();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    let token: string | null;
    try {
      token = await options.token();
    } catch {
      failed();
      return;
    }
    if (stopped || token === null) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}${options.path(token)}`);
    ws = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      failures = 0;
      options.onOpen?.();
      keepalive = setInterval(() => send({ type: "PING" }), KEEPALIVE_MS);
    });
    socket.addEventListener("message", (event) => {
      try {
        apply(JSON.parse(String(event.data)) as F | LiveControlFrame);
      } catch {
        // A frame this tab cannot read is skipped; the next RESYNC or refetch covers it.
      }
    });
    socket.addEventListener("close", () => {
      clearInterval(keepalive);
      if (ws === socket) ws = null;
      options.onClose?.();
      if (stopped) return;
      if (!opened) failed();
      else schedule();
    });
  }

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(keepalive);
      ws?.close(1000, options.closeReason);
      ws = null;
    },
  };
}
