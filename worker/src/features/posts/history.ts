import { type Page, toPage } from "#shared/api.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { PostVersion } from "#shared/schemas/post-versions.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { toVersions } from "#worker/lib/post-json.ts";
import * as queries from "./queries";

// The rules of edit history: every edit keeps the version it replaced (queries.ts
// `editPostStatements`, `editCommentStatements`), and whoever may read a post may read its versions
// and its comments' versions. The current text comes first, then the older ones, newest first.

interface PageQuery {
  skip: number;
  limit: number;
}

/** The current text sits at place 0 of the history, so the stored versions start one later. */
function storedPage(q: PageQuery) {
  const onFirst = q.skip === 0;
  return { skip: onFirst ? 0 : q.skip - 1, limit: onFirst ? q.limit - 1 : q.limit };
}

function historyPage(
  current: { title?: string; body: string; editedAt: number | null },
  stored: { rows: queries.VersionRow[]; total: number },
  q: PageQuery,
): Page<PostVersion> {
  return toPage(toVersions(q.skip === 0 ? current : null, stored.rows), stored.total + 1, q.limit);
}

/**
 * `GET /api/v1/micropost/history`: a published post's versions. A draft has none to show. Someone
 * the author blocked cannot read the author's history, as they cannot read their posts list.
 */
export async function postHistory(
  deps: Deps,
  viewerId: number | null,
  q: PageQuery & { public_id: string },
): Promise<Page<PostVersion>> {
  const found = await queries.historyOf(deps.db, "post", q.public_id, viewerId ?? 0, storedPage(q));
  const post = found.post;
  if (!post) fail(404, "Post not found");
  if (viewerId !== null && viewerId !== post.ownerId && found.blocksViewer)
    fail(403, PEOPLE_MSG.blockedByThem);
  return historyPage({ title: post.title, body: post.body, editedAt: post.editedAt }, found, q);
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
  const found = await queries.historyOf(deps.db, "comment", q.public_id, viewerId ?? 0, storedPage(q));
  const comment = found.comment;
  if (!comment || comment.isDeleted) fail(404, "Comment not found");
  if (viewerId !== null && viewerId !== comment.ownerId && found.blocksViewer)
    fail(403, PEOPLE_MSG.blockedByThem);
  return historyPage({ body: comment.body, editedAt: comment.editedAt }, found, q);
}
