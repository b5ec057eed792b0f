import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { TYPING_CLEAR_MS } from "#shared/constants.ts";
import { CHAT_MSG, type ChatServerFrame, type ChatUser, type WebpagePreview } from "#shared/schemas/chat.ts";
import type { UnreadData } from "#shared/schemas/user.ts";
import { ApiError } from "#web/lib/api.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { accountKeys } from "#web/lib/session.ts";
import { addMessage, addReader, addSystemLine, dropThread, markThreadRead, removeMessage } from "./cache";
import { firstMessageOf, settleFirstMessage } from "./first-message";
import { groupKeys } from "./groups";
import { chatKeys, fetchSocketToken } from "./queries";
import { applyReaction } from "./reactions";
import { ChatSocket, type PendingText, type SocketState } from "./socket";

/** A line written by the server itself: "{name} joined the chat." */
export interface ServerLine {
  key: string;
  user: ChatUser;
  at: string;
}

/** While typing, TYPING goes out at most this often; STOPTYPING follows this long after the last key. */
const TYPING_RESEND_MS = 3_000;

/**
 * One open thread: its socket, what the socket's frames do to the cached lists, who is typing,
 * the server lines, and the texts still on their way.
 */
export function useChatThread(
  publicId: string,
  myUsername: string | null,
  onRefused: (text: string) => void,
  /** A group: nobody is announced for opening it ("joined" means joining the group there). */
  group = false,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<SocketState>("connecting");
  const [reconnecting, setReconnecting] = useState(false);
  const [opened, setOpened] = useState(false);
  const [typing, setTyping] = useState<ChatUser[]>([]);
  const [lines, setLines] = useState<ServerLine[]>([]);
  const [pending, setPending] = useState<PendingText[]>([]);
  const socketRef = useRef<ChatSocket | null>(null);
  const typingTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const deletingRef = useRef(false);
  const meRef = useRef(myUsername);
  meRef.current = myUsername;
  const groupRef = useRef(group);
  groupRef.current = group;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;
  /** client id → text, so a refused text can go back into the composer. */
  const lastSent = useRef(new Map<string, string>());
  const typingSentAt = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopShowingTyping = useCallback((username: string) => {
    const timer = typingTimers.current.get(username);
    if (timer) clearTimeout(timer);
    typingTimers.current.delete(username);
    setTyping((list) => list.filter((u) => u.username !== username));
  }, []);

  useEffect(() => {
    const timers = typingTimers.current;
    const showTyping = (user: ChatUser) => {
      const old = timers.get(user.username);
      if (old) clearTimeout(old);
      // "Typing..." clears after 10 s unless the person keeps typing.
      timers.set(
        user.username,
        setTimeout(() => stopShowingTyping(user.username), TYPING_CLEAR_MS),
      );
      setTyping((list) => (list.some((u) => u.username === user.username) ? list : [...list, user]));
    };

    const onFrame = (frame: ChatServerFrame) => {
      switch (frame.message_type) {
        case "CONNECT":
        case "RECONNECT":
          addReader(queryClient, publicId, frame.user.username);
          if (frame.message_type === "CONNECT" && frame.user.username !== meRef.current && !groupRef.current)
            setLines((list) => [
              ...list,
              { key: `${frame.created_at}-${frame.user.username}`, user: frame.user, at: frame.created_at },
            ]);
          break;
        case "TYPING":
          if (frame.message_sender.username !== meRef.current) showTyping(frame.message_sender);
          break;
        case "STOPTYPING":
          stopShowingTyping(frame.message_sender.username);
          break;
        case "TEXT":
        case "IMAGE":
          if (frame.client_id) settleFirstMessage(publicId, frame.client_id);
          addMessage(queryClient, publicId, frame);
          stopShowingTyping(frame.message_sender.username);
          setPending(socketRef.current?.pending ?? []);
          break;
        case "DELETE":
          removeMessage(queryClient, publicId, frame.id, frame.last_message);
          break;
        case "MEMBER_JOINED":
        case "MEMBER_LEFT":
        case "RENAMED":
        case "ADMIN_ADDED":
        case "ADMIN_REMOVED": {
          const { group: now, ...line } = frame;
          addSystemLine(queryClient, publicId, line, now);
          // The members dialog, and whether the reader manages the group, follow each change.
          void queryClient.invalidateQueries({ queryKey: groupKeys.members(publicId) });
          if (frame.message_type.startsWith("ADMIN") && frame.system?.user?.username === meRef.current)
            void queryClient.invalidateQueries({ queryKey: chatKeys.thread(publicId) });
          break;
        }
        case "REACTION":
          applyReaction(queryClient, publicId, frame, meRef.current ?? "");
          break;
        case "ERROR":
          showSnackbar({ message: t(frame.text), variant: "error" });
          setPending(socketRef.current?.pending ?? []);
          if (frame.client_id) {
            settleFirstMessage(publicId, frame.client_id);
            const refused = lastSent.current.get(frame.client_id);
            if (refused) refusedRef.current(refused);
          }
          break;
        default:
          break;
      }
    };

    const socket = new ChatSocket({
      publicId,
      getToken: () => fetchSocketToken(publicId),
      isFatalTokenError: (error) =>
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429,
      onFrame,
      onState: (next, info) => {
        setState(next);
        setReconnecting(info.reconnecting);
        if (next === "open") {
          setOpened(true);
          setPending(socketRef.current?.pending ?? []);
          readThread();
        }
      },
      onGiveUp: (reason, error) => {
        // Out of the group (or never let in again): the thread stays, to read up to then.
        const refused =
          reason === "token" && error instanceof ApiError && error.detail === CHAT_MSG.notInGroup;
        if (reason === "removed" || refused) {
          void queryClient.invalidateQueries({ queryKey: chatKeys.thread(publicId) });
          void queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
          if (reason === "removed") showSnackbar({ message: t("You are no longer in this group") });
          return;
        }
        if (reason === "unreachable") showSnackbar({ message: t("Unable to reconnect"), variant: "error" });
        // A thread that does not exist (404) is already reported by the view that failed to load it.
        if (reason === "token" && !(error instanceof ApiError && error.status === 404)) handleApiError(error);
        if (reason === "excluded") {
          dropThread(queryClient, publicId);
          if (!deletingRef.current) showSnackbar({ message: t("This chat was deleted") });
        }
        void navigate({ to: "/chat" });
      },
    });

    /** Opening the thread reads it: its unread count and the header badge go down at once. */
    const readThread = () => {
      markThreadRead(queryClient, publicId);
      queryClient.setQueryData<UnreadData>(accountKeys.unread(), (u) =>
        u && u.unread_chat_threads > 0 ? { ...u, unread_chat_threads: u.unread_chat_threads - 1 } : u,
      );
      // The server's count is written just after the socket opens; read it back then.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: accountKeys.unread() }), 1_500);
    };

    // A new conversation's first text goes out as soon as the socket opens (ADR 044).
    const first = firstMessageOf(publicId);
    if (first) {
      socket.sendText(first.text, first.webpage_preview, first.client_id);
      lastSent.current.set(first.client_id, first.text);
    }
    socketRef.current = socket;
    socket.start();
    return () => {
      socket.stop();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [publicId, queryClient, navigate, t, stopShowingTyping]);

  const stopTyping = useCallback(() => {
    if (stopTimer.current) clearTimeout(stopTimer.current);
    stopTimer.current = null;
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    socketRef.current?.send({ message_type: "STOPTYPING" });
  }, []);

  /** Called on every keystroke (or emoji pick): TYPING now and then, STOPTYPING after a pause. */
  const notifyTyping = useCallback(
    (pauseMs = TYPING_RESEND_MS) => {
      const now = Date.now();
      if (now - typingSentAt.current > TYPING_RESEND_MS) {
        if (socketRef.current?.send({ message_type: "TYPING" })) typingSentAt.current = now;
      }
      if (stopTimer.current) clearTimeout(stopTimer.current);
      stopTimer.current = setTimeout(stopTyping, pauseMs);
    },
    [stopTyping],
  );

  const sendText = useCallback((text: string, preview: WebpagePreview | null, replyTo?: number) => {
    const socket = socketRef.current;
    if (!socket) return;
    if (stopTimer.current) clearTimeout(stopTimer.current);
    typingSentAt.current = 0;
    const clientId = socket.sendText(text, preview, undefined, replyTo);
    lastSent.current.set(clientId, text);
    setPending(socket.pending);
  }, []);

  const deleteMessage = useCallback(
    (id: number) => {
      if (!socketRef.current?.send({ message_type: "DELETE", id }))
        showSnackbar({ message: t("Not connected. Try again in a moment."), variant: "error" });
    },
    [t],
  );

  /** Before this user deletes the thread: the EXCLUDE that follows needs no notice. */
  const markDeleting = useCallback(() => {
    deletingRef.current = true;
  }, []);

  return {
    state,
    reconnecting,
    opened,
    typing,
    lines,
    pending,
    sendText,
    deleteMessage,
    notifyTyping,
    stopTyping,
    markDeleting,
  };
}
