import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import type { CommentItem } from "#shared/schemas/search.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { formatRelative } from "#web/lib/format.ts";
import { plainText } from "#web/lib/plain-text.ts";

/** A comment found by a search: who wrote it, on which post, and its first lines. */
export function CommentResult({ item }: { item: CommentItem }) {
  const { t } = useTranslation();
  return (
    <article className="card relative p-4 hover:border-[var(--accent)]" data-testid="comment-result">
      <p className="mb-2 flex flex-wrap items-center gap-x-1.5 text-xs text-[var(--muted)]">
        <Link
          to="/user/$username"
          params={{ username: item.owner.username }}
          className="relative z-10 flex items-center gap-1 font-semibold text-[var(--text)] hover:underline"
        >
          <Avatar src={item.owner.profile_image} name={item.owner.username} size={20} />
          u/{item.owner.username}
          <VerifiedBadge person={item.owner} compact />
        </Link>
        <span>{t("commented on")}</span>
        <span className="font-medium text-[var(--text)]">{item.micropost.title}</span>
        <span>·</span>
        <Link to="/c/$name" params={{ name: item.community.name }} className="relative z-10 hover:underline">
          c/{item.community.name}
        </Link>
        <time dateTime={item.comment.created_at}>· {formatRelative(item.comment.created_at)}</time>
      </p>
      <p className="line-clamp-4 text-sm break-words">
        <Link to={item.comment.link} className="after:absolute after:inset-0">
          {plainText(item.comment.body, 400)}
        </Link>
      </p>
    </article>
  );
}

/** A community found by a search or listed by Find More. */
export function CommunityResult({ community }: { community: Community }) {
  const { t } = useTranslation();
  return (
    <article
      className="card relative flex items-center gap-3 p-4 hover:border-[var(--accent)]"
      data-testid="community-result"
    >
      <Avatar src={community.image} name={community.name} size={48} />
      <div className="min-w-0 flex-1">
        <h3 className="flex items-center gap-1 font-semibold">
          <Link
            to="/c/$name"
            params={{ name: community.name }}
            className="wrap-anywhere after:absolute after:inset-0"
          >
            c/{community.name}
          </Link>
          {community.is_verified ? (
            <span
              className="text-[var(--accent)]"
              role="img"
              aria-label={t("Verified community")}
              title={t("Verified community")}
            >
              ✓
            </span>
          ) : null}
        </h3>
        {community.display_name ? <p className="wrap-anywhere text-sm">{community.display_name}</p> : null}
        {community.description ? (
          <p className="line-clamp-2 text-sm text-[var(--muted)]">{community.description}</p>
        ) : null}
        <p className="mt-1 text-xs text-[var(--muted)]">
          {t(pluralKey(community.total_members, msg("{{count}} member"), msg("{{count}} members")), {
            count: community.total_members,
          })}
        </p>
      </div>
      {community.user_membership ? (
        <span className="shrink-0 rounded-full bg-[var(--surface-strong)] px-3 py-1 text-xs font-semibold text-[var(--muted)]">
          {t("Joined")}
        </span>
      ) : (
        <Link
          to="/c/$name"
          params={{ name: community.name }}
          className="btn btn-outline relative z-10 shrink-0 px-3 py-1 text-xs"
        >
          {t("View")}
        </Link>
      )}
    </article>
  );
}
