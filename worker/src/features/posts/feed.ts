import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption } from "#shared/enums.ts";
import { PEOPLE_MSG, type ProfilePostSort } from "#shared/schemas/people.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { decodeCursor, encodeCursor } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { findPerson, relationOf } from "../people/service";
import { toFeedItems } from "./json";
import {
  COMMUNITY_POST_COUNT,
  communityPostPage,
  feedSources,
  findPostsByIds,
  mergedSourcePage,
  NEWEST,
  type Order,
  PINNED_FIRST,
  type PostRow,
  pageWithLookups,
  personPostIds,
  postLookups,
  scannedSourcePosts,
  sitePostPage,
  TOP,
} from "./queries";

// The rules of the lists of published posts: the home feed (NEW, TOP, VERIFIED for everyone;
// COMMUNITIES and FOLLOWING for the signed-in), a community's posts and a person's, and the feed
// items every list of posts shows (search results too). The SQL is in queries.ts, the JSON in json.ts.

export interface FeedQuery {
  option: FeedOption;
  skip: number;
  limit: number;
  cursor?: string;
}

/**
 * Viewers with more sources than this get their feed by scanning the newest posts and keeping
 * those of their communities or people, instead of one index range per source.
 */
const MERGE_MAX_SOURCES = 100;

/** A page of post rows as feed items, in one more round trip (queries.ts `postLookups`). */
export async function loadFeedItems(
  { db }: Deps,
  viewerId: number | null,
  posts: PostRow[],
): Promise<FeedItem[]> {
  if (posts.length === 0) return [];
  return toFeedItems(posts, await postLookups(db, viewerId, posts), viewerId);
}

/** Posts by id, as the feed shows them, keyed by id (a post that lost its owner or community is left out). */
export async function loadPostItemMap(
  deps: Deps,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, FeedItem>> {
  if (ids.length === 0) return new Map();
  const rows = await findPostsByIds(deps.db, ids);
  const items = await loadFeedItems(deps, viewerId, rows);
  const byPublicId = new Map(items.map((item) => [item.micropost.public_id, item]));
  const byId = new Map<number, FeedItem>();
  for (const row of rows) {
    const item = byPublicId.get(row.publicId);
    if (item) byId.set(row.id, item);
  }
  return byId;
}

/** Posts by id (search results, a person's posts), in the order asked, as the feed shows them. */
export async function loadPostItems(deps: Deps, ids: number[], viewerId: number | null): Promise<FeedItem[]> {
  const byId = await loadPostItemMap(deps, ids, viewerId);
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

/** The next page's cursor: the sort values of this page's last post, when the page is full. */
function nextCursor(posts: PostRow[], limit: number, order: Order): string | null {
  const last = posts.at(-1);
  return last && posts.length === limit
    ? encodeCursor(
        order.tag,
        order.columns.map((c) => Number(last[c])),
      )
    : null;
}

export async function readFeed(
  deps: Deps,
  viewerId: number | null,
  q: FeedQuery,
): Promise<CursorPage<FeedItem>> {
  const { db } = deps;
  let posts: PostRow[];
  let total: number;
  let order = NEWEST;

  if (q.option === "NEW" || q.option === "TOP" || q.option === "VERIFIED") {
    order = q.option === "TOP" ? TOP : NEWEST;
    const tag = q.option === "VERIFIED" ? "v" : order.tag;
    const values = decodeCursor(q.cursor, tag, 2);
    // The page and all its items show, in one round trip.
    const page = await sitePostPage(db, viewerId, q.option === "VERIFIED", order, q, values);
    ({ posts, total } = page);
    order = { ...order, tag };
    return {
      list: toFeedItems(posts, page.lookups, viewerId),
      total_list: total,
      total_pages: Math.ceil(total / q.limit),
      next_cursor: nextCursor(posts, q.limit, { ...order, tag }),
    };
  } else {
    if (viewerId === null) fail(401, "Sign in to see this feed");
    const kind = q.option === "COMMUNITIES" ? "communities" : "people";
    const tag = kind === "communities" ? "c" : "f";
    const values = decodeCursor(q.cursor, tag, 2);
    const sources = await feedSources(db, viewerId, kind);
    const active = sources.filter((s) => s.total > 0).map((s) => s.id);
    total = sources.reduce((sum, s) => sum + s.total, 0);
    order = { ...NEWEST, tag };
    if (active.length === 0) posts = [];
    else if (active.length <= MERGE_MAX_SOURCES) {
      // The merged page and all its items show, in one round trip after the sources.
      const page = await pageWithLookups(
        db,
        viewerId,
        mergedSourcePage(kind, active, q, values),
        [],
        values ? 0 : q.skip,
      );
      return {
        list: toFeedItems(page.posts, page.lookups, viewerId),
        total_list: total,
        total_pages: Math.ceil(total / q.limit),
        next_cursor: nextCursor(page.posts, q.limit, order),
      };
    } else posts = await scannedSourcePosts(db, viewerId, kind, q, values);
  }

  return {
    list: await loadFeedItems(deps, viewerId, posts),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: nextCursor(posts, q.limit, order),
  };
}

/** `GET /api/v1/community/micropost/list`: a community's posts, pinned ones first, then the newest. */
export async function readCommunityPosts(
  deps: Deps,
  viewerId: number | null,
  q: { name: string; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<FeedItem>> {
  const values = decodeCursor(q.cursor, PINNED_FIRST.tag, 3);
  // The community, its page and all the page shows, in one round trip.
  const { posts, extra, lookups } = await pageWithLookups(
    deps.db,
    viewerId,
    communityPostPage(q.name, q, values),
    [{ sql: COMMUNITY_POST_COUNT, binds: [q.name] }],
    values ? 0 : q.skip,
  );
  const community = (extra[0] as Array<{ id: number; total_microposts: number }>)[0];
  if (!community) fail(404, `The community c/${q.name} does not exist`);
  const last = posts.at(-1);
  return {
    list: toFeedItems(posts, lookups, viewerId),
    total_list: community.total_microposts,
    total_pages: Math.ceil(community.total_microposts / q.limit),
    next_cursor:
      last && posts.length === q.limit
        ? encodeCursor(PINNED_FIRST.tag, [Number(last.isPinned), last.publishedAt ?? 0, last.id])
        : null,
  };
}

/**
 * `GET /api/v1/user/micropost/list`: a person's published posts, newest or most voted first. Read
 * through the owner index, so the cost follows the person's posts, not the whole table.
 */
export async function readPersonPosts(
  deps: Deps,
  input: { username: string; sort: ProfilePostSort; skip: number; limit: number; viewerId: number | null },
): Promise<Page<FeedItem>> {
  const person = await findPerson(deps, input.username);
  if (input.viewerId !== null && input.viewerId !== person.id) {
    const relation = await relationOf(deps, input.viewerId, person.id);
    if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  }
  const { ids, total } = await personPostIds(deps.db, person.id, input.sort, input);
  return toPage(await loadPostItems(deps, ids, input.viewerId), total, input.limit);
}
