import type { QueryClient } from "@tanstack/react-query";
import type { LiveServerFrame } from "#shared/schemas/live.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { apiFetch } from "#web/lib/api.ts";
import { accountKeys } from "../accounts/session";
import { applyThreadChange } from "../chat/cache";
import { chatKeys } from "../chat/queries";
import { notificationKeys } from "../notifications/queries";
import { clearPresence, setPresence } from "./presence";
import { setLiveOpen } from "./status";

// This tab's live socket (docs/decisions/109): one per signed-in tab, opened after the first page.
// A post's counts come on that post's own socket (watch.ts).
// Each event frame changes the query cache the screens read; `seq` is remembered so a reconnect
// RESUMEs after the last event seen (an event is never applied twice), and RESYNC refetches.
// After FAILURES_BEFORE_POLLING failed attempts in a row the tab lives on polling (the socket is
// tried again now and then): nothing breaks where WebSockets are blocked.

const FAILURES_BEFORE_POLLING = 3;
const MAX_BACKOFF_MS = 30_000;
const KEEPALIVE_MS = 25_000;

export interface LiveConnection {
  stop(): void;
}

/** Opens the tab's socket and keeps it open until `stop()`. */
export function startLive(queryClient: QueryClient): LiveConnection {
  let ws: WebSocket | null = null;
  let stopped = false;
  let lastSeq: number | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let keepalive: ReturnType<typeof setInterval> | undefined;

  const send = (frame: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function apply(frame: LiveServerFrame): void {
    switch (frame.type) {
      case "HELLO":
        // A first connection starts from now; a reconnection asks for what it missed.
        if (lastSeq === null) lastSeq = frame.seq;
        else if (frame.seq !== lastSeq) send({ type: "RESUME", after: lastSeq });
        return;
      case "RESYNC":
        lastSeq = frame.seq;
        void resync();
        return;
      case "PONG":
      case "ERROR":
        return;
      case "PRESENCE":
        // A state, not a change to count: a new socket's snapshot carries the inbox's current seq
        // and comes before what a RESUME replays, so it never moves the seq on (a replayed
        // PRESENCE is applied again, in order, and ends on the same state).
        setPresence(frame.username, frame.online);
        return;
    }
    if (lastSeq !== null && frame.seq <= lastSeq) return;
    lastSeq = frame.seq;
    switch (frame.type) {
      case "UNREAD": {
        const { unread_notifications, unread_chat_threads, total_unread } = frame;
        queryClient.setQueryData<UnreadData>(accountKeys.unread(), {
          unread_notifications,
          unread_chat_threads,
          total_unread,
        });
        return;
      }
      case "NOTIFICATION":
        void queryClient.invalidateQueries({ queryKey: notificationKeys.root });
        return;
      case "CHAT_THREAD": {
        const { public_id, last_message, total_unread_messages, updated_at } = frame;
        const known = applyThreadChange(queryClient, public_id, {
          last_message,
          total_unread_messages,
          updated_at,
        });
        if (!known) void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
        return;
      }
    }
  }

  function resync(): Promise<void> {
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.unread() }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.root }),
      queryClient.invalidateQueries({ queryKey: chatKeys.threads() }),
    ]).then(() => undefined);
  }

  function failed(): void {
    failures += 1;
    if (failures >= FAILURES_BEFORE_POLLING) setLiveOpen(false);
    schedule();
  }

  function schedule(): void {
    if (stopped) return;
    const wait = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(failures, 5)) * (0.5 + Math.random() / 2);
    retry = setTimeout(() => void connect(), wait);
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    let token: string;
    try {
      token = (
        await apiFetch<{ access_token: string }>("/api/v1/private/user/live/websocket/auth", {
          method: "POST",
        })
      ).access_token;
    } catch {
      failed();
      return;
    }
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(
      `${scheme}//${location.host}/api/v1/live/websocket/connect?token=${encodeURIComponent(token)}`,
    );
    ws = socket;
    let opened = false;
    socket.addEventListener("open", () => {
      opened = true;
      failures = 0;
      setLiveOpen(true);
      keepalive = setInterval(() => send({ type: "PING" }), KEEPALIVE_MS);
    });
    socket.addEventListener("message", (event) => {
      try {
        apply(JSON.parse(String(event.data)) as LiveServerFrame);
      } catch {
        // A frame this tab cannot read is skipped; the next RESYNC or refetch covers it.
      }
    });
    socket.addEventListener("close", () => {
      clearInterval(keepalive);
      if (ws === socket) ws = null;
      clearPresence();
      if (stopped) return;
      if (!opened) {
        failed();
        return;
      }
      // While it reconnects, the tab polls again only if reconnecting fails.
      schedule();
    });
  }

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(keepalive);
      setLiveOpen(false);
      clearPresence();
      ws?.close(1000, "signed out");
      ws = null;
    },
  };
}
