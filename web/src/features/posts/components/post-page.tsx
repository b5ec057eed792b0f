import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError, PageSkeleton } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { POST_BODY_COUNTER_RATIO, POST_BODY_MAX } from "#shared/constants.ts";
import { bodyLength, type FeedItem, isBlankBody, POST_MSG } from "#shared/schemas/posts.ts";
import { PostByline } from "#web/components/post/post-byline.tsx";
import { ShareIcon } from "#web/components/post/post-icons.tsx";
import { LazyReactionBar } from "#web/components/reactions/lazy-reaction-bar.tsx";
import { ApiError } from "#web/lib/api.ts";
import { formatNumber } from "#web/lib/format.ts";
import { copyText } from "../copy-text";
import { useEditPost } from "../mutations";
import { postQueryOptions } from "../queries";
import { keepReactions } from "../reactions";
import { copyLink } from "../share";
import { CopyIcon } from "./action-icons";
import { Comments } from "./comments";
import { EditedMark } from "./edited-mark";
import { Editor } from "./lazy-editor";
import { PostActions } from "./post-actions";
import { PostMedia } from "./post-media";
import { SafeHtml } from "./safe-html";
import { VoteButton } from "./vote-button";

/** The counter under a body: shown above 97% of the limit. */
export function BodyCounter({ body }: { body: string }) {
  const { t } = useTranslation();
  const length = bodyLength(body);
  if (length <= POST_BODY_MAX * POST_BODY_COUNTER_RATIO) return null;
  const over = length > POST_BODY_MAX;
  return (
    <p
      className={`border-t border-[var(--line)] px-3 py-1 text-right text-xs ${over ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
      aria-live="polite"
    >
      {over ? `${t(POST_MSG.bodyMax)} · ` : null}
      {formatNumber(length)}/{formatNumber(POST_BODY_MAX)}
    </p>
  );
}

function EditBody({ item, onDone }: { item: FeedItem; onDone: () => void }) {
  const { t } = useTranslation();
  const [body, setBody] = useState(item.micropost.body);
  const save = useEditPost();
  const invalid = isBlankBody(body) || bodyLength(body) > POST_BODY_MAX;
  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (invalid) return;
        save.mutate(
          { public_id: item.micropost.public_id, body },
          {
            onSuccess: () => {
              showSnackbar({ message: t("Your changes were saved."), variant: "success" });
              onDone();
            },
          },
        );
      }}
    >
      <Editor
        initial={item.micropost.body}
        onChange={setBody}
        label={t("Body")}
        autoFocus
        invalid={invalid}
        footer={<BodyCounter body={body} />}
      />
      {isBlankBody(body) ? <p className="field-error">{t(POST_MSG.bodyRequired)}</p> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t("Cancel")}
        </button>
        <button type="submit" className="btn btn-primary" disabled={invalid || save.isPending}>
          {save.isPending ? t("Saving...") : t("Save")}
        </button>
      </div>
    </form>
  );
}

/**
 * A post's page. If the address is not the post's own
 * link (an old slug, another community name), it is replaced with that link.
 */
export function PostPage({
  publicId,
  commentId,
  edit,
  missing,
}: {
  publicId: string;
  commentId: string | null;
  edit: boolean;
  /** What shows when the post is not found (composed by the route: its author may see why staff removed it). */
  missing: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useQuery(postQueryOptions(publicId));
  const item = query.data;
  const [editing, setEditing] = useState(edit);

  useEffect(() => {
    if (!item) return;
    const here = decodeURIComponent(location.pathname);
    // Only while the address is still this post's: a link the reader follows away changes the
    // location before this page is gone, and must not be turned back here.
    if (!here.includes(`/p/${item.micropost.public_id}`)) return;
    if (here !== decodeURIComponent(item.micropost.link)) {
      void navigate({
        to: item.micropost.link,
        search: commentId ? { comment: commentId } : {},
        hash: location.hash || undefined,
        replace: true,
      } as never);
    }
  }, [item, location.pathname, location.hash, commentId, navigate]);

  useEffect(() => {
    if (item) document.title = `${item.micropost.title} · c/${item.community.name} · Agora`;
    return () => {
      document.title = "Agora";
    };
  }, [item]);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      missing
    ) : (
      <LoadError error={query.error} retry={query.refetch} />
    );
  }
  const { micropost: post } = query.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <article className="card p-4 sm:p-5" data-testid="post-detail">
        <header className="flex items-start justify-between gap-2">
          <PostByline item={query.data}>
            {post.edited_at ? (
              <EditedMark editedAt={post.edited_at} kind="post" publicId={post.public_id} />
            ) : null}
          </PostByline>
          <PostActions
            item={query.data}
            onEdit={() => setEditing(true)}
            onDeleted={() => void navigate({ to: "/c/$name", params: { name: query.data.community.name } })}
          />
        </header>
        <h1 className="mt-2 text-2xl leading-tight font-bold break-words">{post.title}</h1>
        {editing && post.user_is_owner && post.post_type === "TEXT" ? (
          <EditBody
            item={query.data}
            onDone={() => {
              setEditing(false);
              // Opened from a card's Edit (?edit=1): a reload should show the post, not the form.
              if (edit)
                void navigate({
                  to: post.link,
                  search: commentId ? { comment: commentId } : {},
                  replace: true,
                } as never);
            }}
          />
        ) : (
          <>
            {post.body ? <SafeHtml html={post.body} below={1} className="mt-3" /> : null}
            <PostMedia files={post.user_file_list} title={post.title} />
          </>
        )}
        <div className="mt-4">
          <LazyReactionBar
            targetType="POST"
            publicId={post.public_id}
            reactions={post.reactions}
            palette={query.data.community.reaction_palette}
            onChange={(reactions) => keepReactions(queryClient, post.public_id, reactions)}
          />
        </div>
        <footer
          className="mt-3 flex items-center gap-1 border-t border-[var(--line)] pt-3 whitespace-nowrap"
          data-testid="post-actions-row"
        >
          <VoteButton post={post} />
          <button
            type="button"
            onClick={() => void copyLink(post.link)}
            title={t("Share")}
            className="flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
          >
            <ShareIcon /> <span className="max-sm:sr-only">{t("Share")}</span>
          </button>
          <button
            type="button"
            onClick={() => void copyText(query.data)}
            title={t("Copy text")}
            className="flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
          >
            <CopyIcon /> <span className="max-sm:sr-only">{t("Copy text")}</span>
          </button>
        </footer>
      </article>
      <Comments post={query.data} commentId={commentId} />
    </div>
  );
}
