import { Link, useNavigate } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { NotificationKind } from "#shared/enums.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { BellIcon } from "#web/components/ui/account-icons.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { formatRelative } from "#web/lib/format.ts";
import { useMarkRead } from "../queries";
import { ModerationNotice } from "./moderation-notice";

/** What happened, by kind; {{name}} is the person who did it. */
const SENTENCE: Record<NotificationKind, string> = {
  FOLLOWER: msg("{{name}} started following you"),
  MENTION: msg("{{name}} mentioned you"),
  COMMENT: msg("{{name}} commented on your post"),
  REPLY: msg("{{name}} replied to your comment"),
  UPVOTE: msg("{{name}} upvoted your post"),
  REFERRAL: msg("{{name}} joined Agora with your referral link"),
  COMMUNITY: msg("{{name}} posted in your community"),
  SERVICE_ORDER: msg("{{name}} ordered your service"),
  PAYMENT_FAILED: msg("Your membership payment failed. Your access stays until the paid period ends."),
  MODERATION: msg("A decision by staff about you"),
  EXPORT_READY: msg("Your data archive is ready to download for 7 days."),
  REACTION: msg("{{name}} reacted to what you wrote"),
  POST_EDITED: msg("{{name}} edited a post you commented on"),
};

/** One notification: a click opens what it is about and marks it read. */
export function NotificationRow({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const name = notification.actor ? `@${notification.actor.username}` : t("Someone");
  const sentence = t(SENTENCE[notification.kind], { name });
  const open = () => {
    if (!notification.is_read) markRead.mutate(notification.id);
    if (notification.link) void navigate({ to: notification.link });
  };
  return (
    <li
      className={`relative flex gap-3 px-4 py-3 ${notification.is_read ? "" : "bg-[var(--accent)]/10"}`}
      data-testid="notification"
      data-read={notification.is_read}
    >
      {notification.actor ? (
        <Avatar src={notification.actor.profile_image} name={notification.actor.username} size={40} />
      ) : (
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-[var(--surface-strong)] text-[var(--muted)]">
          <BellIcon />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          {notification.link ? (
            <Link
              to={notification.link}
              onClick={(e) => {
                e.preventDefault();
                open();
              }}
              className="font-medium after:absolute after:inset-0 hover:underline"
            >
              {sentence}
            </Link>
          ) : (
            <span className="font-medium">{sentence}</span>
          )}
        </p>
        {notification.moderation ? (
          <ModerationNotice notice={notification.moderation} />
        ) : notification.text ? (
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-[var(--muted)]">{notification.text}</p>
        ) : null}
        <time dateTime={notification.created_at} className="text-xs text-[var(--muted)]">
          {formatRelative(notification.created_at)}
        </time>
      </div>
      {notification.is_read ? null : (
        <button
          type="button"
          className="relative z-10 grid h-8 min-w-8 shrink-0 place-items-center self-center rounded-full text-xs font-semibold text-[var(--accent)] hover:bg-[var(--hover)] sm:flex sm:px-3"
          onClick={() => markRead.mutate(notification.id)}
          disabled={markRead.isPending}
          title={t("Mark as read")}
        >
          <span
            aria-hidden="true"
            className="inline-block size-2.5 rounded-full bg-[var(--accent)] sm:mr-1.5 sm:size-2"
          />
          {/* On a phone the unread dot alone is the button, leaving the row's width to its text. */}
          <span className="sr-only sm:not-sr-only">{t("Mark as read")}</span>
        </button>
      )}
    </li>
  );
}
