import { type Page, toPage } from "#shared/api.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { PostVersion } from "#shared/schemas/post-versions.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { toVersions } from "#worker/lib/post-json.ts";
import { relationOf } from "#worker/lib/relation-queries.ts";
import * as queries from "./queries";

// The rules of edit history: every edit keeps the version it replaced (queries.ts
// `editPostStatements`, `editCommentStatements`), and whoever may read a post may read its versions
// and its comments' versions. The current text comes first, then the older ones, newest first.

interface PageQuery {
  skip: number;
  limit: number;
}

/** Someone the author blocked cannot read the author's history, as they cannot read their posts list. */
async function assertMayRead(deps: Deps, viewerId: number | null, authorId: number): Promise<void> {
  if (viewerId === null || viewerId === authorId) return;
  if ((await relationOf(deps, viewerId, authorId)).isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
}

/** The current text sits at place 0 of the history, so the stored versions start one later. */
async function historyPage(
  deps: Deps,
  kind: "post" | "comment",
  id: number,
  current: { title?: string; body: string; editedAt: number | null },
  q: PageQuery,
): Promise<Page<PostVersion>> {
  const onFirst = q.skip === 0;
  const stored = await queries.versionPage(deps.db, kind, id, {
    skip: onFirst ? 0 : q.skip - 1,
    limit: onFirst ? q.limit - 1 : q.limit,
  });
  return toPage(toVersions(onFirst ? current : null, stored.rows), stored.total + 1, q.limit);
}

/** `GET /api/v1/micropost/history`: a published post's versions. A draft has none to show. */
export async function postHistory(
  deps: Deps,
  viewerId: number | null,
  q: PageQuery & { public_id: string },
): Promise<Page<PostVersion>> {
  const post = await queries.findPublishedPost(deps.db, q.public_id);
  if (!post) fail(404, "Post not found");
  await assertMayRead(deps, viewerId, post.ownerId);
  return historyPage(
    deps,
    "post",
    post.id,
    { title: post.title, body: post.body, editedAt: post.editedAt },
    q,
  );
}

/**
 * `GET /api/v1/micropost/comment/history`: a comment's versions; a deleted one, or one on a post that
 * is hidden, shows nothing.
 */
export async function commentHistory(
  deps: Deps,
  viewerId: number | null,
  q: PageQuery & { public_id: string },
): Promise<Page<PostVersion>> {
  const comment = await queries.findCommentOnVisiblePost(deps.db, q.public_id);
  if (!comment || comment.isDeleted) fail(404, "Comment not found");
  await assertMayRead(deps, viewerId, comment.ownerId);
  return historyPage(deps, "comment", comment.id, { body: comment.body, editedAt: comment.editedAt }, q);
}
