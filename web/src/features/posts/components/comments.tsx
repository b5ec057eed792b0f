import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { createContext, type FormEvent, useContext, useEffect, useId, useRef, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  COMMENT_BODY_MAX,
  COMMENT_MORE_DEPTH,
  COMMENT_REPLY_MAX_DEPTH,
  POST_BODY_COUNTER_RATIO,
} from "#shared/constants.ts";
import { type Comment, commentBodySchema, type FeedItem } from "#shared/schemas/posts.ts";
import { LazyReactionBar } from "#web/components/reactions/lazy-reaction-bar.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { OptionsMenu } from "#web/components/ui/bottom-sheet.tsx";
import HiddenByMutes, { hiddenByMutes } from "#web/components/ui/hidden-by-mutes.tsx";
import { LiveAnnouncement } from "#web/components/ui/live-announcement.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { ApiError } from "#web/lib/api.ts";
import { moderates } from "#web/lib/community-moderation.ts";
import { pluralKey } from "#web/lib/count-label.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import { requireSignIn, useMe, useToken } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { updateCachedPost } from "../cache";
import { commentsQueryOptions } from "../comment-queries";
import { copyCommentText } from "../copy-text";
import { useCreateComment, useDeleteComment, useEditComment } from "../mutations";
import { postKeys } from "../queries";
import { absoluteLink, copyLink } from "../share";
import { useLiveCommentCount, watchPost } from "../watch";
import { CopyIcon, EditIcon, FlagIcon, LinkIcon, TrashIcon } from "./action-icons";
import { EditedMark } from "./edited-mark";
import { SafeHtml } from "./safe-html";

/** A stored comment as the text it was typed as: paragraphs and line breaks back to newlines. */
function editableText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>\s*<p>/gi, "\n\n");
  return new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "";
}

/** A text box for a comment, a reply or an edit. */
function CommentForm({
  label,
  submitLabel,
  initial = "",
  busy,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  onSubmit: (body: string, reset: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const id = useId();
  const parsed = commentBodySchema.safeParse(body);
  const error = body.length > 0 && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed.success && !busy) onSubmit(parsed.data, () => setBody(""));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        placeholder={label}
        rows={3}
        maxLength={COMMENT_BODY_MAX + 100}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field min-h-20 resize-y"
        // biome-ignore lint/a11y/noAutofocus: the form opens because the reader asked to write.
        autoFocus={autoFocus}
        onKeyDown={(e) => {
          if (e.key === "Escape" && onCancel) onCancel();
        }}
      />
      <div className="flex items-center justify-end gap-2">
        {error ? (
          <p id={`${id}-error`} className="field-error mt-0 mr-auto" role="alert">
            {t(error)}
          </p>
        ) : body.length > COMMENT_BODY_MAX * POST_BODY_COUNTER_RATIO ? (
          <p className="mr-auto text-xs text-[var(--muted)]">
            {body.trim().length}/{COMMENT_BODY_MAX}
          </p>
        ) : null}
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t("Cancel")}
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={!parsed.success || busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** True once the reader chose Show on "N comments hidden by your muted words". */
const ShowMuted = createContext(false);

function CommentItem({
  comment,
  post,
  isThreadRoot = false,
}: {
  comment: Comment;
  post: FeedItem;
  /** The comment a single-comment view is about: its replies are shown whatever its depth. */
  isThreadRoot?: boolean;
}) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  // A comment holding one of the reader's muted words stays folded until they choose to show it
  // (or show every such comment under the post).
  const [revealed, setRevealed] = useState(false);
  const showAll = useContext(ShowMuted);
  const postId = post.micropost.public_id;
  const create = useCreateComment(postId);
  const edit = useEditComment(postId);
  const remove = useDeleteComment(postId);
  const threadLink = { to: post.micropost.link, search: { comment: comment.public_id } } as const;
  const canReply = !comment.is_deleted && comment.depth < COMMENT_REPLY_MAX_DEPTH;
  // From depth 3, replies are read in the comment's own thread instead of nesting further.
  const nestsHere = isThreadRoot || comment.depth < COMMENT_MORE_DEPTH;
  const hiddenReplies = comment.total_replies - comment.replies.length;

  const del = async () => {
    const ok = await confirm({
      message: t("Do you really want to delete it?"),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (ok)
      remove.mutate(comment.public_id, {
        onSuccess: () => showSnackbar({ message: t("It was deleted"), variant: "success" }),
      });
  };

  return (
    <li className="flex flex-col gap-1" data-testid="comment" data-depth={comment.depth}>
      <article
        aria-label={
          comment.owner
            ? t("Comment by {{username}}", { username: comment.owner.username })
            : t("Deleted comment")
        }
        className={`rounded-lg p-2 ${isThreadRoot ? "bg-[var(--surface-strong)]" : ""}`}
      >
        <header className="flex items-center gap-2 text-xs text-[var(--muted)]">
          {comment.owner ? (
            <Link
              to="/user/$username"
              params={{ username: comment.owner.username }}
              className="flex items-center gap-1.5 font-semibold text-[var(--text)] hover:underline"
            >
              <Avatar src={comment.owner.profile_image} name={comment.owner.username} size={24} />
              {comment.owner.username}
              <VerifiedBadge person={comment.owner} compact />
            </Link>
          ) : (
            <span className="italic">{t("Deleted")}</span>
          )}
          <time dateTime={comment.created_at} title={formatDateTime(comment.created_at)}>
            · {formatRelative(comment.created_at)}
          </time>
          <EditedMark editedAt={comment.edited_at} kind="comment" publicId={comment.public_id} />
          {comment.is_deleted ? null : (
            <span className="ml-auto">
              <OptionsMenu
                label={t("Comment options")}
                actions={[
                  comment.user_is_owner && {
                    label: t("Edit"),
                    icon: <EditIcon />,
                    onSelect: () => setEditing(true),
                  },
                  comment.user_is_owner && {
                    label: t("Delete"),
                    icon: <TrashIcon />,
                    danger: true,
                    onSelect: () => void del(),
                  },
                  !comment.user_is_owner && {
                    label: t("Report"),
                    icon: <FlagIcon />,
                    onSelect: () => {
                      if (requireSignIn())
                        openModal("REPORT", {
                          reported_username: comment.owner?.username ?? "",
                          link: absoluteLink(comment.link),
                        });
                    },
                  },
                  moderates(post.community.user_membership) && {
                    label: t("Remove"),
                    icon: <TrashIcon />,
                    danger: true,
                    onSelect: () =>
                      openModal("MOD_ACTION", {
                        action: {
                          kind: "remove",
                          community: post.community.name,
                          target_type: "COMMENT",
                          public_id: comment.public_id,
                        },
                      }),
                  },
                  moderates(post.community.user_membership) &&
                    !comment.user_is_owner &&
                    comment.owner && {
                      label: t("Ban author"),
                      icon: <FlagIcon />,
                      danger: true,
                      onSelect: () =>
                        openModal("MOD_ACTION", {
                          action: {
                            kind: "ban",
                            community: post.community.name,
                            username: comment.owner?.username ?? "",
                          },
                        }),
                    },
                  { label: t("Share"), icon: <LinkIcon />, onSelect: () => void copyLink(comment.link) },
                  {
                    label: t("Copy text"),
                    icon: <CopyIcon />,
                    onSelect: () => void copyCommentText(comment.body),
                  },
                ]}
              />
            </span>
          )}
        </header>
        <div className="mt-1 pl-8">
          {comment.is_deleted ? (
            <p className="text-sm text-[var(--muted)] italic">{t("This comment was deleted.")}</p>
          ) : editing ? (
            <CommentForm
              label={t("Edit your comment")}
              submitLabel={t("Save")}
              initial={editableText(comment.body)}
              busy={edit.isPending}
              autoFocus
              onCancel={() => setEditing(false)}
              onSubmit={(body) =>
                edit.mutate({ public_id: comment.public_id, body }, { onSuccess: () => setEditing(false) })
              }
            />
          ) : comment.muted_by && !revealed && !showAll ? (
            <p
              className="flex flex-wrap items-center gap-2 text-sm text-[var(--muted)] italic"
              data-testid="muted-comment"
            >
              {t("Hidden by a muted word: {{phrase}}", { phrase: comment.muted_by })}
              <button
                type="button"
                className="rounded px-1 text-xs font-semibold not-italic text-[var(--text)] underline"
                onClick={() => setRevealed(true)}
              >
                {t("Show")}
              </button>
            </p>
          ) : (
            <SafeHtml html={comment.body} below={2} className="text-sm" />
          )}
          {!comment.is_deleted && !editing ? (
            <div className="mt-1">
              <LazyReactionBar
                targetType="COMMENT"
                publicId={comment.public_id}
                reactions={comment.reactions}
                palette={post.community.reaction_palette}
                compact
              />
            </div>
          ) : null}
          {canReply && !editing ? (
            <button
              type="button"
              className="mt-1 rounded px-1 text-xs font-semibold text-[var(--muted)] hover:text-[var(--text)]"
              aria-expanded={replying}
              onClick={() => {
                if (requireSignIn()) setReplying((v) => !v);
              }}
            >
              {t("Reply")}
            </button>
          ) : null}
          {replying ? (
            <div className="mt-2">
              <CommentForm
                label={t("Reply to {{username}}", { username: comment.owner?.username ?? "" })}
                submitLabel={t("Reply")}
                busy={create.isPending}
                autoFocus
                onCancel={() => setReplying(false)}
                onSubmit={(body, reset) =>
                  create.mutate(
                    { body, parent: comment.public_id },
                    {
                      onSuccess: () => {
                        reset();
                        setReplying(false);
                      },
                    },
                  )
                }
              />
            </div>
          ) : null}
        </div>
      </article>
      {nestsHere && comment.replies.length > 0 ? (
        <ul className="ml-3 flex flex-col gap-1 border-l-2 border-[var(--line)] pl-2 sm:ml-5 sm:pl-3">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.public_id} comment={reply} post={post} />
          ))}
        </ul>
      ) : null}
      {!isThreadRoot && comment.total_replies > 0 && (!nestsHere || hiddenReplies > 0) ? (
        <Link {...threadLink} className="ml-10 text-xs font-semibold text-[var(--accent)] hover:underline">
          {nestsHere
            ? t(
                pluralKey(hiddenReplies, msg("See {{count}} more reply"), msg("See {{count}} more replies")),
                {
                  count: hiddenReplies,
                },
              )
            : t("More comments")}
        </Link>
      ) : null}
    </li>
  );
}

/**
 * "3 new comments": what others wrote since the page loaded; a click shows them. Under an empty
 * list there is nothing to keep still, so they are shown at once (never "No comments yet" beside
 * "1 new comment").
 */
function NewComments({ post, listEmpty }: { post: FeedItem; listEmpty: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const postId = post.micropost.public_id;
  const live = useLiveCommentCount(postId);
  const fresh = live === null ? 0 : live - post.micropost.total_micropost_comments;
  useEffect(() => {
    if (!listEmpty || fresh <= 0) return;
    updateCachedPost(queryClient, postId, (m) => ({ ...m, total_micropost_comments: live ?? 0 }));
    void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
  }, [listEmpty, fresh, live, postId, queryClient]);
  if (listEmpty) return null;
  const label = t(pluralKey(fresh, msg("{{count}} new comment"), msg("{{count}} new comments")), {
    count: fresh,
  });
  return (
    <div>
      {/* Said once the count rests: a burst of comments is one announcement, not one per frame. */}
      <LiveAnnouncement text={fresh > 0 ? label : ""} />
      {fresh > 0 ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          data-testid="new-comments"
          onClick={() => {
            updateCachedPost(queryClient, postId, (m) => ({ ...m, total_micropost_comments: live ?? 0 }));
            void queryClient.invalidateQueries({ queryKey: postKeys.comments(postId) });
          }}
        >
          {label}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The discussion under a post: "Add a comment", the tree and its pages; or, for one comment, the
 * "Single comment thread" banner with "See full discussion".
 */
export function Comments({ post, commentId }: { post: FeedItem; commentId: string | null }) {
  const { t } = useTranslation();
  const { isSignedIn } = useMe();
  const [writing, setWriting] = useState(false);
  const [showMuted, setShowMuted] = useState(false);
  const postId = post.micropost.public_id;
  const create = useCreateComment(postId);
  const query = useInfiniteQuery(commentsQueryOptions(postId, commentId));
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = query.data?.pages ?? [];
  const list = pages.flatMap((p) => p.list);
  const parent = pages[0]?.parent ?? null;
  const hidden = showMuted ? 0 : hiddenByMutes(pages);
  // The heading counts what the post's socket says is there now (the list may still be showing
  // what it had); an empty, loaded list takes new comments in at once.
  const total = useLiveCommentCount(postId) ?? post.micropost.total_micropost_comments;
  const listEmpty = query.isSuccess && !parent && list.length === 0 && !commentId;
  // The post's live socket tells a signed-in tab of comments and votes since the page loaded
  // (ADR 122); it closes with the page.
  const token = useToken();
  const queryClient = useQueryClient();
  useEffect(
    () => (token && typeof WebSocket !== "undefined" ? watchPost(postId, queryClient) : undefined),
    [postId, token, queryClient],
  );

  return (
    <section id="comments" aria-labelledby="comments-heading" className="card flex flex-col gap-3 p-4">
      <h2 id="comments-heading" ref={heading} className="text-base font-semibold">
        {t(pluralKey(total, msg("{{count}} comment"), msg("{{count}} comments")), { count: total })}
      </h2>
      <NewComments post={post} listEmpty={listEmpty} />
      {commentId ? (
        <div
          role="note"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-[var(--accent)]/40 bg-[var(--accent)]/10 px-3 py-2 text-sm"
          data-testid="single-thread-banner"
        >
          <span className="font-semibold">{t("Single comment thread")}</span>
          <Link
            to={post.micropost.link}
            hash="comments"
            className="font-semibold text-[var(--accent)] hover:underline"
          >
            {t("See full discussion")}
          </Link>
        </div>
      ) : writing ? (
        <CommentForm
          label={t("Add a comment")}
          submitLabel={t("Comment")}
          busy={create.isPending}
          autoFocus
          onCancel={() => setWriting(false)}
          onSubmit={(body, reset) =>
            create.mutate(
              { body, parent: null },
              {
                onSuccess: () => {
                  reset();
                  setWriting(false);
                },
              },
            )
          }
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => {
            if (requireSignIn()) setWriting(true);
          }}
        >
          {t("Add a comment")}
        </button>
      )}

      {query.isPending ? (
        <ListSkeleton rows={2} height="h-16" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <p className="text-sm text-[var(--muted)]">{t("This comment does not exist any more.")}</p>
        ) : (
          <LoadError error={query.error} retry={query.refetch} />
        )
      ) : parent ? (
        <ul className="flex flex-col gap-1">
          <CommentItem comment={{ ...parent, replies: list }} post={post} isThreadRoot />
        </ul>
      ) : list.length === 0 && query.isFetching ? (
        <ListSkeleton rows={1} height="h-16" />
      ) : list.length === 0 ? (
        <p className="py-4 text-center text-sm text-[var(--muted)]">
          {isSignedIn ? t("No comments yet. Start the conversation.") : t("No comments yet.")}
        </p>
      ) : (
        <ShowMuted.Provider value={showMuted}>
          {hidden ? <HiddenByMutes count={hidden} kind="comments" onShow={() => setShowMuted(true)} /> : null}
          <ul className="flex flex-col gap-2" aria-label={t("Comments")}>
            {list.map((comment) => (
              <CommentItem key={comment.public_id} comment={comment} post={post} />
            ))}
          </ul>
        </ShowMuted.Provider>
      )}
      {query.hasNextPage || query.isFetchingNextPage || query.isFetchNextPageError ? (
        <InfiniteFooter query={query} />
      ) : null}
    </section>
  );
}
