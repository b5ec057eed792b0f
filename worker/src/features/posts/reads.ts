import {
  FEED_MSG,
  READ_ALL_MAX,
  READ_BATCH_MAX,
  READ_UNDO_MS,
  type ReadAll,
  type ReadAllResult,
} from "#shared/schemas/feeds.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import {
  customFeedHead,
  markAllRead,
  markRead,
  type ReadAllTarget,
  undoReadAll,
  unreadPostsOf,
} from "./custom-feed-queries";

// What a person has read (docs/decisions/150): posts are marked read in batches as they scroll
// past, or a feed's newest unread ones at once (with a token to undo it). Feeds asked with
// `hide_read=true` leave read posts out; the person's other tabs hear of a read at once (a `READ`
// frame from their inbox), their other devices on their next page.

interface Viewer {
  id: number;
}

/** `POST /api/v1/private/user/micropost/read`: these posts are read. Answers how many were not before. */
export async function readPosts(
  deps: Deps,
  viewer: Viewer,
  publicIds: string[],
): Promise<{ total_read: number }> {
  if (publicIds.length > READ_BATCH_MAX) fail(400, FEED_MSG.tooManyReads, { field: "public_ids" });
  const ids = [...new Set(publicIds)];
  const read = await markRead(deps.db, viewer.id, ids, Date.now());
  if (read > 0) await deps.live.postsRead(viewer.id, ids);
  return { total_read: read };
}

/** The feed a "mark all read" names: exactly one of option, community_name or feed_id. */
async function targetOf(deps: Deps, viewer: Viewer, body: ReadAll): Promise<ReadAllTarget> {
  const named = [body.option, body.community_name, body.feed_id].filter((v) => v !== undefined);
  if (named.length !== 1) fail(422, FEED_MSG.oneFeed);
  if (body.feed_id !== undefined) {
    const head = await customFeedHead(deps.db, body.feed_id);
    if (!head || (!head.isPublic && head.ownerId !== viewer.id)) fail(404, FEED_MSG.notFound);
    return { kind: "custom", feedId: head.id, sources: head.sources };
  }
  if (body.community_name !== undefined) return { kind: "community", name: body.community_name };
  switch (body.option) {
    case "COMMUNITIES":
      return { kind: "communities" };
    case "FOLLOWING":
      return { kind: "following" };
    default:
      return { kind: "site", verified: body.option === "VERIFIED", top: body.option === "TOP" };
  }
}

/**
 * `POST /api/v1/private/user/micropost/read/all`: the feed's newest READ_ALL_MAX unread posts are
 * read. Answers how many and the token that undoes it.
 */
export async function readAll(deps: Deps, viewer: Viewer, body: ReadAll): Promise<ReadAllResult> {
  const target = await targetOf(deps, viewer, body);
  const posts = await unreadPostsOf(deps.db, viewer.id, target, READ_ALL_MAX);
  const token = publicId(24);
  const read = await markAllRead(
    deps.db,
    viewer.id,
    token,
    posts.map((p) => p.id),
    Date.now(),
  );
  if (read > 0)
    await deps.live.postsRead(
      viewer.id,
      posts.map((p) => p.public_id),
    );
  return { total_read: read, token };
}

/** `DELETE /api/v1/private/user/micropost/read/all?token`: those posts are unread again (within a day). */
export async function undoReadAllPosts(deps: Deps, viewer: Viewer, token: string): Promise<void> {
  const undone = await undoReadAll(deps.db, viewer.id, token, Date.now() - READ_UNDO_MS);
  if (!undone) fail(404, FEED_MSG.undoExpired);
}
