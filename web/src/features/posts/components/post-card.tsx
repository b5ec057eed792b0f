import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useLayoutEffect, useRef, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { PostByline } from "#web/components/post/post-byline.tsx";
import { CommentIcon, ShareIcon } from "#web/components/post/post-icons.tsx";
import { LazyReactionBar } from "#web/components/reactions/lazy-reaction-bar.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { plainText } from "#web/lib/plain-text.ts";
import { useMe } from "#web/lib/session.ts";
import { keepReactions } from "../reactions";
import { copyLink } from "../share";
import { PostActions } from "./post-actions";
import { PostMedia } from "./post-media";
import { SafeHtml } from "./safe-html";
import { VoteButton } from "./vote-button";

/** Whether a box's content is taller than the box (a long body cut in a card). */
function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflows(box.scrollHeight > box.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

/** A post in the feed or a community: its text is cut short, the title leads to the whole post. */
export function PostCard({ item, showCommunity = true }: { item: FeedItem; showCommunity?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isSignedIn } = useMe();
  const { micropost: post } = item;
  const latest = item.comment_list[0];
  const [bodyBox, cut] = useOverflows<HTMLDivElement>();
  return (
    <article className="card p-4" data-testid="post-card" aria-labelledby={`post-${post.public_id}`}>
      <header className="flex items-start justify-between gap-2">
        <PostByline item={item} showCommunity={showCommunity} />
        <PostActions item={item} />
      </header>
      <h2 id={`post-${post.public_id}`} className="mt-2 text-lg leading-snug font-semibold break-words">
        <Link to={post.link} className="hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.post_type === "MEDIA" ? (
        <>
          {post.body ? <SafeHtml html={post.body} below={2} className="mt-2 line-clamp-3 text-sm" /> : null}
          <PostMedia files={post.user_file_list} title={post.title} />
        </>
      ) : (
        <>
          <div ref={bodyBox} className="relative mt-2 max-h-56 overflow-hidden">
            <SafeHtml html={post.body} below={2} className="text-sm" />
            {cut ? (
              <div className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-[var(--surface)]" />
            ) : null}
          </div>
          {cut ? (
            <Link
              to={post.link}
              className="mt-1 inline-block text-sm font-semibold text-[var(--accent)] hover:underline"
            >
              {t("Read more")}
            </Link>
          ) : null}
        </>
      )}
      {latest?.owner ? (
        <Link
          to={post.link}
          className="mt-3 block rounded-lg bg-[var(--surface-strong)] px-3 py-2 text-sm hover:bg-[var(--hover)]"
        >
          {/* Read aloud as "Latest comment by farah: …"; the visible "u/farah" would repeat it. */}
          <span className="sr-only">
            {t("Latest comment by {{username}}", { username: latest.owner.username })}:{" "}
          </span>
          <span className="font-semibold" aria-hidden="true">
            u/{latest.owner.username}
          </span>{" "}
          <span className="text-[var(--muted)]">{plainText(latest.body, 160)}</span>
        </Link>
      ) : null}
      {/* Reactions on a card are for people who can react: a visitor's first screen stays within its
          budget (docs/decisions/165), and the post's own page shows them to everyone. */}
      {isSignedIn ? (
        <div className="mt-3">
          <LazyReactionBar
            targetType="POST"
            publicId={post.public_id}
            reactions={post.reactions}
            palette={item.community.reaction_palette}
            onChange={(reactions) => keepReactions(queryClient, post.public_id, reactions)}
          />
        </div>
      ) : null}
      {/* One row on a phone in any language: Share keeps its name for screen readers there. */}
      <footer className="mt-2 flex items-center gap-1 whitespace-nowrap">
        <VoteButton post={post} />
        <Link
          to={post.link}
          hash="comments"
          className="flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
        >
          <CommentIcon />
          {t(pluralKey(post.total_micropost_comments, msg("{{count}} comment"), msg("{{count}} comments")), {
            count: post.total_micropost_comments,
          })}
        </Link>
        <button
          type="button"
          onClick={() => void copyLink(post.link)}
          title={t("Share")}
          className="flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
        >
          <ShareIcon />
          <span className="max-sm:sr-only">{t("Share")}</span>
        </button>
      </footer>
    </article>
  );
}
