import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { PostItem } from "#shared/schemas/search.ts";
import { PostByline } from "#web/components/post/post-byline.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { plainText } from "#web/lib/plain-text.ts";

/**
 * A post in a list of results or a profile: community, author, time, title, the first lines of
 * its text and its counts. The whole card leads to the post.
 */
export function PostSummary({ item, showCommunity = true }: { item: PostItem; showCommunity?: boolean }) {
  const { t } = useTranslation();
  const { micropost: post } = item;
  const text = plainText(post.body, 280);
  const picture = post.user_file_list.find((f) => f.file_type === "IMAGE");
  return (
    <article className="card relative p-4 hover:border-[var(--accent)]" data-testid="post-summary">
      <header className="mb-2">
        <PostByline item={item} showCommunity={showCommunity} overCardLink />
      </header>
      <div className="flex gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold break-words">
            <Link to={post.link} className="after:absolute after:inset-0 hover:underline">
              {post.title}
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
          {t(pluralKey(post.total_micropost_votes, msg("{{count}} vote"), msg("{{count}} votes")), {
            count: post.total_micropost_votes,
          })}
        </span>
        <span>
          {t(pluralKey(post.total_micropost_comments, msg("{{count}} comment"), msg("{{count}} comments")), {
            count: post.total_micropost_comments,
          })}
        </span>
      </footer>
    </article>
  );
}
