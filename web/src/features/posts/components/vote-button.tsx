import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Post } from "#shared/schemas/posts.ts";
import { UpvoteIcon } from "#web/components/post/post-icons.tsx";
import { formatCount } from "#web/lib/format.ts";
import { requireSignIn } from "#web/lib/session.ts";

/** The vote queue loads when a pointer, focus or touch reaches the button, or on the click itself. */
const loadVote = () => import("../vote");

/** The upvote toggle: it changes at once; the requests behind it never race (see vote.ts). */
export function VoteButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const voted = post.user_voted;
  return (
    <button
      type="button"
      aria-pressed={voted}
      title={voted ? t("Remove your vote") : t("Upvote")}
      onClick={() => {
        if (requireSignIn()) void loadVote().then((m) => m.toggleVote(queryClient, post.public_id));
      }}
      onPointerEnter={() => void loadVote()}
      onFocus={() => void loadVote()}
      onTouchStart={() => void loadVote()}
      className={`flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold transition-colors ${
        voted
          ? "bg-[var(--vote)]/15 text-[var(--vote)]"
          : "text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
      }`}
      data-testid="vote-button"
    >
      <UpvoteIcon fill={voted ? "currentColor" : "none"} />
      {/* The name is "Upvote" and the count a reader sees, so a voice command naming either works. */}
      <span className="sr-only">{t("Upvote")}</span>
      <span data-testid="vote-count">{formatCount(post.total_micropost_votes)}</span>
    </button>
  );
}
