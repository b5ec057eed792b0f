import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { msg } from "#client/i18n.ts";
import type { PostItem } from "#shared/schemas/search.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { formatRelative } from "#web/lib/format.ts";
import { plainText } from "#web/lib/plain-text.ts";

/**
 * A post in a list of results or a profile: community, author, time, title, the first lines of
 * its text and its counts. The whole card leads to the post.
 */
export function PostSummary({ item, showCommunity = true }: { item: PostItem; showCommunity?: boolean }) {
  const { t } = useTranslation();
  const { micropost, owner, community } = item;
  const text = plainText(micropost.body, 280);
  const picture = micropost.user_file_list.find((f) => f.file_type === "IMAGE");
  return (
    <article className="card relative p-4 hover:border-[var(--accent)]" data-testid="post-summary">
      <header className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-[var(--muted)]">
        {showCommunity ? (
          <Link
            to="/c/$name"
            params={{ name: community.name }}
            className="relative z-10 flex items-center gap-1.5 font-semibold text-[var(--text)] hover:underline"
          >
            <Avatar src={community.image} name={community.name} size={20} />
            c/{community.name}
          </Link>
        ) : null}
        <Link
          to="/user/$username"
          params={{ username: owner.username }}
          className="relative z-10 flex items-center gap-1 hover:underline"
        >
          u/{owner.username}
          <VerifiedBadge person={owner} compact />
        </Link>
        {micropost.published_at ? (
          <time dateTime={micropost.published_at}>· {formatRelative(micropost.published_at)}</time>
        ) : null}
      </header>
      <div className="flex gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold break-words">
            <Link to={micropost.link} className="after:absolute after:inset-0 hover:underline">
              {micropost.title}
            </Link>
          </h3>
          {text ? <p className="mt-1 line-clamp-3 text-sm break-words text-[var(--muted)]">{text}</p> : null}
        </div>
        {picture ? (
          <img
            src={picture.file}
            alt=""
            loading="lazy"
            className="size-20 shrink-0 rounded-lg object-cover"
          />
        ) : null}
      </div>
      <footer className="mt-3 flex gap-4 text-xs text-[var(--muted)]">
        <span>
          {t(pluralKey(micropost.total_micropost_votes, msg("{{count}} vote"), msg("{{count}} votes")), {
            count: micropost.total_micropost_votes,
          })}
        </span>
        <span>
          {t(
            pluralKey(
              micropost.total_micropost_comments,
              msg("{{count}} comment"),
              msg("{{count}} comments"),
            ),
            { count: micropost.total_micropost_comments },
          )}
        </span>
      </footer>
    </article>
  );
}
