import { useTranslation } from "#client/react-i18n.tsx";
import { CHAT_SYSTEM_MESSAGE_TYPES, type ChatMessage, type ChatReplyRef } from "#shared/schemas/chat.ts";
import { displayName } from "../people";
import { ReplyIcon } from "./chat-icons";

// Replies (docs/decisions/144) and a group's system lines, as the conversation shows them.

const SYSTEM = new Set<string>(CHAT_SYSTEM_MESSAGE_TYPES);

/** A group's own line (someone joined or left, a new name), not a person's message. */
export const isSystemLine = (message: ChatMessage): boolean => SYSTEM.has(message.message_type);

/**
 * "Ada added Bruno", "Bruno left", "Ada renamed the group to Trail crew", "Ada made Bruno an
 * admin", centred in the timeline.
 */
export function SystemLine({ message, myUsername }: { message: ChatMessage; myUsername: string }) {
  const { t } = useTranslation();
  const actorIsMe = message.message_sender.username === myUsername;
  const actor = actorIsMe ? t("You") : displayName(message.message_sender);
  const subject = message.system?.user;
  const who = subject ? (subject.username === myUsername ? t("you") : displayName(subject)) : "";
  const self = subject?.username === message.message_sender.username;
  const text =
    message.message_type === "RENAMED"
      ? t("{{actor}} renamed the group to {{name}}", { actor, name: message.system?.name ?? "" })
      : message.message_type === "MEMBER_JOINED"
        ? t("{{actor}} added {{name}}", { actor, name: who })
        : message.message_type === "ADMIN_ADDED"
          ? t("{{actor}} made {{name}} an admin", { actor, name: who })
          : message.message_type === "ADMIN_REMOVED"
            ? self
              ? t("{{name}} is no longer an admin", { name: actor })
              : t("{{actor}} took back {{name}}'s admin role", { actor, name: who })
            : self
              ? t("{{name}} left the group", { name: actor })
              : t("{{actor}} removed {{name}}", { actor, name: who });
  return (
    <li className="my-1 text-center text-xs text-[var(--muted)]" data-testid="system-line">
      {text}
    </li>
  );
}

/** What a reply answers, in its bubble: a button that takes the reader to the original. */
export function ReplyQuote({
  reply,
  mine,
  onJump,
}: {
  reply: ChatReplyRef;
  mine: boolean;
  onJump: (id: number) => void;
}) {
  const { t } = useTranslation();
  const name = displayName(reply.sender);
  const excerpt = replyExcerpt(reply, t);
  return (
    <button
      type="button"
      onClick={() => onJump(reply.id)}
      className={`mb-1.5 block w-full rounded-lg border-l-4 px-2 py-1 text-left text-xs ${
        mine
          ? "border-[var(--accent-text)] bg-black/15 text-[var(--accent-text)]"
          : "border-[var(--accent)] bg-[var(--surface)] text-[var(--text)]"
      }`}
      aria-label={t("Reply to {{name}}: {{text}}. Show the message", { name, text: excerpt })}
      data-testid="reply-quote"
    >
      <span className="block font-semibold">{name}</span>
      <span className={`line-clamp-2 wrap-anywhere ${reply.deleted ? "italic" : ""}`}>{excerpt}</span>
    </button>
  );
}

function replyExcerpt(reply: ChatReplyRef, t: (key: string) => string): string {
  if (reply.deleted) return t("This message was deleted");
  if (reply.message_type === "IMAGE") return `📷 ${t("Photo")}`;
  return reply.text ?? "";
}

/** Above the composer while answering: who and what, with a button to stop answering. */
export function ReplyBanner({ message, onCancel }: { message: ChatMessage; onCancel: () => void }) {
  const { t } = useTranslation();
  const name = displayName(message.message_sender);
  const excerpt =
    message.message_type === "IMAGE" ? `📷 ${t("Photo")}` : [...(message.text ?? "")].slice(0, 120).join("");
  return (
    <div
      className="mb-1 flex items-center gap-2 rounded-lg border-l-4 border-[var(--accent)] bg-[var(--surface-strong)] px-2 py-1.5"
      data-testid="reply-banner"
    >
      <ReplyIcon width={16} height={16} className="shrink-0 text-[var(--muted)]" />
      <p className="min-w-0 flex-1 text-xs">
        <span className="block font-semibold">{t("Replying to {{name}}", { name })}</span>
        <span className="line-clamp-1 wrap-anywhere text-[var(--muted)]">{excerpt}</span>
      </p>
      <button
        type="button"
        onClick={onCancel}
        aria-label={t("Cancel reply")}
        title={t("Cancel reply")}
        className="grid size-7 shrink-0 place-items-center rounded-full hover:bg-[var(--hover)]"
      >
        ×
      </button>
    </div>
  );
}
