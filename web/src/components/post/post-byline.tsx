import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { FlairChip } from "#web/components/ui/flair-chip.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import { LockIcon, PinIcon } from "./post-icons";

/**
 * Who wrote it, where and when: the first line of a post in a list, on its page and in search
 * results. `overCardLink` is for a card that is one link as a whole (a search result): the
 * byline's own links are raised above that link (z-10), its avatar is smaller, and it leaves out
 * the Pinned mark and the date's tooltip.
 */
export function PostByline({
  item,
  showCommunity = true,
  overCardLink = false,
  children,
}: {
  item: FeedItem;
  showCommunity?: boolean;
  overCardLink?: boolean;
  /** After the time: the post page's "edited" mark. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { owner, community, micropost: post } = item;
  const raised = overCardLink ? "relative z-10 " : "";
  const avatarSize = overCardLink ? 20 : 22;
  return (
    // One line on a phone in any language: the time is the short form ("3h ago", "hace 3 h"),
    // with the full date in its tooltip; names stay whole, so a very narrow screen wraps between them.
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-nowrap text-[var(--muted)]">
      {showCommunity ? (
        <Link
          to="/c/$name"
          params={{ name: community.name }}
          className={`${raised}flex min-w-0 items-center gap-1.5 font-semibold text-[var(--text)] hover:underline`}
        >
          <Avatar src={community.image} name={community.name} size={avatarSize} />
          c/{community.name}
        </Link>
      ) : null}
      <Link
        to="/user/$username"
        params={{ username: owner.username }}
        className={`${raised}flex min-w-0 items-center gap-1 hover:underline`}
      >
        {showCommunity ? null : <Avatar src={owner.profile_image} name={owner.username} size={avatarSize} />}
        u/{owner.username}
        <VerifiedBadge person={owner} compact />
      </Link>
      {post.published_at ? (
        <time
          dateTime={post.published_at}
          title={overCardLink ? undefined : formatDateTime(post.published_at)}
          className="shrink-0"
        >
          · {formatRelative(post.published_at)}
        </time>
      ) : null}
      {children}
      {post.is_pinned && !overCardLink ? (
        <span className="flex shrink-0 items-center gap-1 font-semibold text-[var(--success)]">
          <PinIcon width={14} height={14} /> {t("Pinned")}
        </span>
      ) : null}
      {post.is_locked ? (
        <span
          className="flex shrink-0 items-center gap-1 font-semibold text-[var(--muted)]"
          data-testid="locked-mark"
        >
          <LockIcon width={14} height={14} /> {t("Locked")}
        </span>
      ) : null}
      {post.flair ? <FlairChip flair={post.flair} /> : null}
    </div>
  );
}
