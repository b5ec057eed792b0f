import type { InfiniteData } from "@tanstack/react-query";
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { isSiteImage } from "#client/site-image.ts";
import { Spinner } from "#client/ui/spinner.tsx";
import type { Page } from "#shared/api.ts";
import type { ChatMessage, ChatUser, WebpagePreview } from "#shared/schemas/chat.ts";
import { LazyReactionBar } from "#web/components/reactions/lazy-reaction-bar.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { LiveAnnouncement } from "#web/components/ui/live-announcement.tsx";
import { i18n } from "#web/i18n/i18n.ts";
import { displayName } from "../people";
import type { PendingText } from "../socket";
import type { ServerLine } from "../use-chat-thread";
import { useLoadMore } from "../use-load-more";
import { ClockIcon, ReplyIcon, TrashIcon } from "./chat-icons";
import { isSystemLine, ReplyQuote, SystemLine } from "./replies";

type Item =
  | { kind: "message"; at: string; message: ChatMessage }
  | { kind: "line"; at: string; line: ServerLine }
  | { kind: "pending"; at: string; pending: PendingText };

interface Props {
  data: InfiniteData<Page<ChatMessage>, unknown> | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  lines: ServerLine[];
  pending: PendingText[];
  typing: ChatUser[];
  myUsername: string;
  other: ChatUser;
  onDelete: (id: number) => void;
  /** Answer this message (the composer shows it); absent where nothing can be sent. */
  onReply?: (message: ChatMessage) => void;
  /** A group: each bubble of others names its sender, and nobody is "joined" for opening it. */
  group?: boolean;
  /** The thread's public id: its messages' reactions name it. */
  threadId?: string;
  /** A line under the empty state's greeting. */
  note?: string;
}

/** How many older pages a click on a quote loads at most while looking for the original. */
const JUMP_PAGES = 10;
const HIGHLIGHT_MS = 2_000;

/** The element of a message, for the jump from a reply's quote. */
const messageDomId = (id: number) => `chat-message-${id}`;

/** The conversation, oldest at the top; older pages load when scrolled up to them. */
export function MessageList({
  data,
  hasOlder,
  loadingOlder,
  loadOlder,
  lines,
  pending,
  typing,
  myUsername,
  other,
  onDelete,
  onReply,
  group = false,
  threadId,
  note,
}: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);

  const messages = useMemo(() => (data?.pages ?? []).flatMap((p) => p.list).reverse(), [data]);
  const items = useMemo(() => {
    const now = new Date().toISOString();
    const all: Item[] = [
      ...messages.map((message): Item => ({ kind: "message", at: message.created_at, message })),
      ...lines.map((line): Item => ({ kind: "line", at: line.at, line })),
    ].sort((a, b) => a.at.localeCompare(b.at));
    return [...all, ...pending.map((p): Item => ({ kind: "pending", at: now, pending: p }))];
  }, [messages, lines, pending]);

  // Loading older messages keeps the reader's place; new ones scroll into view when the reader
  // was at the bottom (or sent them).
  const loadOlderKeepingPlace = useCallback(() => {
    const el = scroller.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    loadOlder();
  }, [loadOlder]);
  useLoadMore(top, loadOlderKeepingPlace, hasOlder && !loadingOlder, scroller);

  const pageCount = data?.pages.length ?? 0;
  const lastId = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
      return;
    }
    const mine = items[items.length - 1];
    const sentByMe =
      mine?.kind === "pending" ||
      (mine?.kind === "message" && mine.message.message_sender.username === myUsername);
    if (nearBottom.current || sentByMe) el.scrollTop = el.scrollHeight;
  }, [pageCount, lastId, pending.length, lines.length, typing.length]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const lastMineSeen = useMemo(() => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (isSystemLine(m)) continue;
      // In a group, seen once anyone else has read it.
      if (m.message_sender.username === myUsername)
        return m.readers.some((r) => r !== myUsername && (group || r === other.username)) ? m.id : null;
    }
    return null;
  }, [messages, myUsername, other.username, group]);

  // A click on a quote: the original scrolls into view, is highlighted and takes the focus; one not
  // loaded yet is looked for in older pages.
  const jump = useRef<{ id: number; pages: number } | null>(null);
  const findOriginal = useCallback(() => {
    const wanted = jump.current;
    if (!wanted) return;
    const el = document.getElementById(messageDomId(wanted.id));
    if (el) {
      jump.current = null;
      el.scrollIntoView({ block: "center", behavior: "smooth" });
      el.focus({ preventScroll: true });
      el.dataset.highlight = "true";
      setTimeout(() => delete el.dataset.highlight, HIGHLIGHT_MS);
    } else if (hasOlder && wanted.pages < JUMP_PAGES) {
      wanted.pages += 1;
      loadOlder();
    } else jump.current = null;
  }, [hasOlder, loadOlder]);
  useEffect(() => {
    if (jump.current && !loadingOlder) findOriginal();
  }, [pageCount, loadingOlder, findOriginal]);
  const jumpTo = useCallback(
    (id: number) => {
      jump.current = { id, pages: 0 };
      findOriginal();
    },
    [findOriginal],
  );

  let previousDay = "";
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 md:px-5"
      data-testid="message-list"
    >
      <div ref={top} aria-hidden="true" className="h-px" />
      {loadingOlder ? (
        <div className="grid place-items-center py-2">
          <Spinner label={t("Loading older messages...")} size={20} />
        </div>
      ) : null}
      {items.length === 0 ? (
        <div className="grid h-full place-items-center text-center" data-testid="no-messages">
          <div className="flex flex-col items-center gap-3">
            <Avatar src={other.profile_image} name={other.username} size={64} />
            <p className="font-semibold">{t("No message here yet")}</p>
            <p className="text-sm text-[var(--muted)]">
              {t("Say hello to {{name}}.", { name: displayName(other) })}
            </p>
            {note ? <p className="max-w-xs text-xs text-[var(--muted)]">{note}</p> : null}
          </div>
        </div>
      ) : null}
      {/* The live region wraps the list: role="log" on the <ol> itself would take its list role. */}
      <div role="log" aria-label={t("Messages")}>
        <ol className="flex flex-col gap-1">
          {items.map((item) => {
            const day = dayLabel(item.at, t);
            const separator =
              day !== previousDay ? (
                <li className="my-3 flex items-center gap-3 text-xs text-[var(--muted)]" aria-hidden="true">
                  <span className="h-px flex-1 bg-[var(--line)]" />
                  {day}
                  <span className="h-px flex-1 bg-[var(--line)]" />
                </li>
              ) : null;
            previousDay = day;
            const key =
              item.kind === "message"
                ? `m${item.message.id}`
                : item.kind === "line"
                  ? `l${item.line.key}`
                  : `p${item.pending.client_id}`;
            return (
              <Fragment key={key}>
                {separator}
                {item.kind === "message" && isSystemLine(item.message) ? (
                  <SystemLine message={item.message} myUsername={myUsername} />
                ) : item.kind === "line" ? (
                  <li className="my-1 text-center text-xs text-[var(--muted)]" data-testid="server-line">
                    {t("{{name}} joined the chat.", { name: displayName(item.line.user) })}
                  </li>
                ) : item.kind === "pending" ? (
                  <Bubble mine time={null} status={t("Sending...")}>
                    <MessageText text={item.pending.text} />
                    {item.pending.webpage_preview ? (
                      <PreviewCard preview={item.pending.webpage_preview} />
                    ) : null}
                  </Bubble>
                ) : (
                  <MessageBubble
                    message={item.message}
                    mine={item.message.message_sender.username === myUsername}
                    seen={item.message.id === lastMineSeen}
                    onDelete={onDelete}
                    onReply={onReply}
                    onJump={jumpTo}
                    showSender={group}
                    threadId={threadId}
                  />
                )}
              </Fragment>
            );
          })}
        </ol>
      </div>
      {/* Typing starts and stops with every few keys: said once it rests, and only here (not in the header too). */}
      <LiveAnnouncement text={typing.length > 0 ? t("Typing...") : ""} />
      {typing.length > 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-[var(--muted)]" data-testid="typing">
          <span className="inline-flex gap-0.5" aria-hidden="true">
            <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
            <span className="size-1.5 animate-bounce rounded-full bg-current" />
          </span>
          <span aria-hidden="true">{t("Typing...")}</span>
        </p>
      ) : null}
    </div>
  );
}

function MessageBubble({
  message,
  mine,
  seen,
  onDelete,
  onReply,
  onJump,
  showSender,
  threadId,
}: {
  message: ChatMessage;
  mine: boolean;
  seen: boolean;
  onDelete: (id: number) => void;
  onReply?: (message: ChatMessage) => void;
  onJump: (id: number) => void;
  showSender: boolean;
  threadId?: string;
}) {
  const { t } = useTranslation();
  const bubble = (
    <Bubble
      mine={mine}
      time={message.created_at}
      status={seen ? t("Seen") : null}
      onDelete={mine ? () => onDelete(message.id) : undefined}
      onReply={onReply ? () => onReply(message) : undefined}
      sender={showSender && !mine ? displayName(message.message_sender) : null}
      domId={messageDomId(message.id)}
      testId={message.message_type === "IMAGE" ? "image-message" : "text-message"}
    >
      {message.reply_to ? <ReplyQuote reply={message.reply_to} mine={mine} onJump={onJump} /> : null}
      {message.message_type === "IMAGE" && message.media ? (
        <a href={message.media} target="_blank" rel="noopener noreferrer" className="block">
          <img
            src={message.media}
            alt={message.alt ?? t("Photo from {{name}}", { name: displayName(message.message_sender) })}
            className="max-h-72 max-w-full rounded-lg object-contain"
            loading="lazy"
          />
        </a>
      ) : (
        <MessageText text={message.text ?? ""} />
      )}
      {message.webpage_preview ? <PreviewCard preview={message.webpage_preview} /> : null}
    </Bubble>
  );
  return threadId ? (
    <>
      {bubble}
      <li className={`-mt-1 mb-1 flex ${mine ? "justify-end" : "justify-start"}`}>
        <LazyReactionBar
          targetType="MESSAGE"
          publicId={`${threadId}:${message.id}`}
          reactions={message.reactions}
          compact
        />
      </li>
    </>
  ) : (
    bubble
  );
}

function Bubble({
  mine,
  time,
  status,
  onDelete,
  onReply,
  sender = null,
  domId,
  testId,
  children,
}: {
  mine: boolean;
  time: string | null;
  status: string | null;
  onDelete?: () => void;
  onReply?: () => void;
  /** The sender's name above the bubble (others' messages in a group). */
  sender?: string | null;
  /** The id a reply's quote jumps to; the bubble takes the focus then. */
  domId?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const actionClass =
    "mb-5 grid size-8 shrink-0 place-items-center rounded-full text-[var(--muted)] opacity-0 hover:bg-[var(--hover)] focus-visible:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100";
  return (
    <li
      id={domId}
      tabIndex={domId ? -1 : undefined}
      className={`group flex items-end gap-2 rounded-xl outline-none transition-colors data-[highlight=true]:bg-[var(--hover)] focus-visible:ring-2 focus-visible:ring-[var(--accent)] ${mine ? "flex-row-reverse" : ""}`}
      data-testid={testId}
    >
      <div className={`flex max-w-[80%] flex-col ${mine ? "items-end" : "items-start"}`}>
        {sender ? <span className="px-1 text-xs font-semibold text-[var(--muted)]">{sender}</span> : null}
        <div
          className={`rounded-2xl px-3 py-2 text-sm break-words ${
            mine
              ? "rounded-br-md bg-[var(--accent)] text-[var(--accent-text)]"
              : "rounded-bl-md bg-[var(--surface-strong)] text-[var(--text)]"
          }`}
        >
          {children}
        </div>
        <span className="mt-0.5 flex items-center gap-1 px-1 text-[11px] text-[var(--muted)]">
          {time ? <time dateTime={time}>{timeLabel(time)}</time> : <ClockIcon width={12} height={12} />}
          {status ? <span>· {status}</span> : null}
        </span>
      </div>
      {onReply ? (
        <button
          type="button"
          onClick={onReply}
          aria-label={t("Reply")}
          title={t("Reply")}
          className={`${actionClass} hover:text-[var(--text)]`}
          data-testid="reply-button"
        >
          <ReplyIcon width={16} height={16} />
        </button>
      ) : null}
      {onDelete ? (
        <button
          type="button"
          onClick={onDelete}
          aria-label={t("Delete message")}
          title={t("Delete message")}
          className={`${actionClass} hover:text-[var(--danger)]`}
        >
          <TrashIcon width={16} height={16} />
        </button>
      ) : null}
    </li>
  );
}

const LINK = /(https?:\/\/[^\s<>"]+[^\s<>".,:;!?)'\]]|www\.[^\s<>"]+[^\s<>".,:;!?)'\]])/gi;

/** The text with its links clickable; line breaks kept. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <p className="whitespace-pre-wrap">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a
            key={i}
            href={part.startsWith("http") ? part : `https://${part}`}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2"
          >
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** The first link of a text, as the preview is asked for. */
export function firstLink(text: string): string | null {
  LINK.lastIndex = 0;
  const match = text.match(LINK);
  return match?.[0] ?? null;
}

export function PreviewCard({ preview, onDismiss }: { preview: WebpagePreview; onDismiss?: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      className="relative mt-2 overflow-hidden rounded-lg border border-[var(--line)] bg-[var(--surface)] text-left text-[var(--text)]"
      data-testid="link-preview"
    >
      <a
        href={preview.link}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="flex gap-3 p-2 hover:bg-[var(--hover)]"
      >
        {/* Only the server's copy: pages load pictures from this site alone (older messages may name another). */}
        {isSiteImage(preview.image) ? (
          <img src={preview.image} alt="" className="size-16 shrink-0 rounded object-cover" loading="lazy" />
        ) : null}
        <span className="min-w-0">
          {preview.site_name ? (
            <span className="block wrap-anywhere text-xs text-[var(--muted)] uppercase">
              {preview.site_name}
            </span>
          ) : null}
          {preview.title ? (
            <span className="line-clamp-2 block text-sm font-semibold">{preview.title}</span>
          ) : null}
          {preview.description ? (
            <span className="line-clamp-2 block text-xs text-[var(--muted)]">{preview.description}</span>
          ) : null}
        </span>
      </a>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t("Remove link preview")}
          className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-[var(--surface-strong)] text-sm"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}

function timeLabel(iso: string): string {
  return new Intl.DateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));
}

function dayLabel(iso: string, t: (key: string) => string): string {
  const date = new Date(iso);
  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  const same = (a: Date, b: Date) => a.toDateString() === b.toDateString();
  if (same(date, today)) return t("Today");
  if (same(date, yesterday)) return t("Yesterday");
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(date);
}
