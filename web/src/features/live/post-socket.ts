import type { QueryClient } from "@tanstack/react-query";
import type { LivePostFrame } from "#shared/schemas/live.ts";
import { ApiError, apiFetch } from "#web/lib/api.ts";
import { updateCachedPost } from "../posts/cache";
import { postKeys } from "../posts/queries";

// The socket of one post a page shows (docs/decisions/122): the post's object sends its comment
// and vote counts after each change. `seq` is remembered so a reconnect RESUMEs after the last
// frame seen, and RESYNC refetches the post. Loaded with the first post page that opens one.

const MAX_BACKOFF_MS = 30_000;
const KEEPALIVE_MS = 25_000;

export interface PostSocket {
  stop(): void;
}

/** Opens the post's socket and keeps it open until `stop()`; `onComments` gets each comment count. */
export function openPostSocket(
  publicId: string,
  queryClient: QueryClient,
  onComments: (total: number) => void,
): PostSocket {
  let ws: WebSocket | null = null;
  let stopped = false;
  let lastSeq: number | null = null;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let keepalive: ReturnType<typeof setInterval> | undefined;

  const send = (frame: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
  };

  function apply(frame: LivePostFrame): void {
    switch (frame.type) {
      case "HELLO":
        // A first connection starts from now; a reconnection asks for what it missed.
        if (lastSeq === null) lastSeq = frame.seq;
        else if (frame.seq !== lastSeq) send({ type: "RESUME", after: lastSeq });
        return;
      case "RESYNC":
        lastSeq = frame.seq;
        void queryClient.invalidateQueries({ queryKey: postKeys.detail(publicId) });
        return;
      case "PONG":
      case "ERROR":
        return;
      case "POST_ACTIVITY":
        if (lastSeq !== null && frame.seq <= lastSeq) return;
        lastSeq = frame.seq;
        updateCachedPost(queryClient, publicId, (post) => ({
          ...post,
          total_micropost_votes: frame.total_micropost_votes,
        }));
        onComments(frame.total_micropost_comments);
    }
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
        await apiFetch<{ access_token: string }>("/api/v1/private/user/live/post/websocket/auth", {
          method: "POST",
          query: { public_id: publicId },
        })
      ).access_token;
    } catch (error) {
      // A post this person may not see (any more) has no socket; anything else is tried again.
      if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return;
      failures += 1;
      schedule();
      return;
    }
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(
      `${scheme}//${location.host}/api/v1/live/post/websocket/connect?public_id=${encodeURIComponent(publicId)}&token=${encodeURIComponent(token)}`,
    );
    ws = socket;
    socket.addEventListener("open", () => {
      failures = 0;
      keepalive = setInterval(() => send({ type: "PING" }), KEEPALIVE_MS);
    });
    socket.addEventListener("message", (event) => {
      try {
        apply(JSON.parse(String(event.data)) as LivePostFrame);
      } catch {
        // A frame this tab cannot read is skipped; the next RESYNC or refetch covers it.
      }
    });
    socket.addEventListener("close", () => {
      clearInterval(keepalive);
      if (ws === socket) ws = null;
      if (stopped) return;
      failures += 1;
      schedule();
    });
  }

  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(keepalive);
      ws?.close(1000, "page closed");
      ws = null;
    },
  };
}
