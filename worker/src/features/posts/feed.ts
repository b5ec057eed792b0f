import { type Page, toPage } from "#shared/api.ts";
import type { FeedOption } from "#shared/enums.ts";
import { FEED_MSG } from "#shared/schemas/feeds.ts";
import { PEOPLE_MSG, type ProfilePostSort } from "#shared/schemas/people.ts";
import type { CursorPage, FeedItem } from "#shared/schemas/posts.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import { decodeCursor, encodeCursor, type Statement } from "#worker/db/sql.ts";
import type { Deps, PostsWhere, VisitorPosts } from "#worker/deps.ts";
import { cursorPageOf } from "#worker/lib/cursor-page.ts";
import { fail } from "#worker/lib/errors.ts";
import { type ActiveMute, mutedBy } from "#worker/lib/mute-match.ts";
import { activeMutes, guessedMutes, knownMutes } from "#worker/lib/mutes.ts";
import { toFeedItems } from "#worker/lib/post-json.ts";
import {
  type CustomFeedHead,
  customFeedHead,
  customFeedHeadOf,
  customFeedHeadStatements,
  customFeedPage,
  FEED_VERSION,
  type FeedSort,
  isPlainPublicId,
} from "./custom-feed-queries";
import {
  COMMUNITY_POST_COUNT,
  communityPostPage,
  feedSources,
  feedSourcesStatement,
  flairPostCount,
  mergedSourcePage,
  NEWEST,
  type Order,
  PINNED_FIRST,
  type PostLookups,
  type PostRow,
  pageWithLookups,
  personPostPage,
  postLookups,
  postsByIdsStatement,
  postsWhereStatement,
  publishedPostStatement,
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
  /** Leave out the posts the signed-in viewer read (docs/decisions/150). */
  hide_read?: boolean;
  /** Leave out nothing for the viewer's muted words (docs/decisions/170). */
  show_muted?: boolean;
}

/** The viewer's muted phrases for a list: none when they asked to see what the phrases hide. */
const listMutes = (deps: Deps, viewerId: number | null, show: boolean | undefined) =>
  activeMutes(deps, show ? null : viewerId, "FEED");

/**
 * How many posts the first read of a page takes: half a page more when the viewer mutes phrases in
 * feeds (as this request's check says, or as their last one in this isolate said), so a page a
 * phrase leaves a post or two short is filled from that read, not a second round trip.
 */
function firstReadSize(deps: Deps, viewerId: number | null, q: FeedQuery): number {
  if (viewerId === null || q.show_muted) return q.limit;
  const mutes = knownMutes(deps, viewerId, "FEED") ?? guessedMutes(viewerId, "FEED");
  return mutes.length ? q.limit + Math.ceil(q.limit / 2) : q.limit;
}

/** Whose reads a page leaves out: the viewer's, when they asked and are signed in. */
const readsOf = (viewerId: number | null, hideRead: boolean | undefined) =>
  hideRead && viewerId !== null ? viewerId : null;

/**
 * Viewers with more sources than this get their feed by scanning the newest posts and keeping
 * those of their communities or people, instead of one index range per source.
 */
const MERGE_MAX_SOURCES = 100;

/** A page of post rows as feed items, in one more round trip (queries.ts `postLookups`). */
async function loadFeedItems({ db }: Deps, viewerId: number | null, posts: PostRow[]): Promise<FeedItem[]> {
  if (posts.length === 0) return [];
  return toFeedItems(posts, await postLookups(db, viewerId, posts), viewerId);
}

/**
 * The posts a filtered page kept, as feed items, from the lookups each was read with: the reads that
 * filled the page brought all they show, so it needs no round trip of its own.
 */
class ReadLookups {
  private readonly of = new Map<number, PostLookups>();

  /** Keeps a read's lookups for its posts; answers its posts. */
  add(read: { posts: PostRow[]; lookups: PostLookups }): PostRow[] {
    for (const post of read.posts) this.of.set(post.id, read.lookups);
    return read.posts;
  }

  items(posts: PostRow[], viewerId: number | null): FeedItem[] {
    const items: FeedItem[] = [];
    // Posts read together are next to each other on the page: one conversion per read.
    let run: PostRow[] = [];
    const flush = () => {
      const lookups = run[0] && this.of.get(run[0].id);
      if (lookups) items.push(...toFeedItems(run, lookups, viewerId));
      run = [];
    };
    for (const post of posts) {
      if (run[0] && this.of.get(run[0].id) !== this.of.get(post.id)) flush();
      run.push(post);
    }
    flush();
    return items;
  }
}

/**
 * Posts by id, as the feed shows them, keyed by id (a post that lost its owner or community is left
 * out), in one round trip.
 */
async function loadPostItemMap(
  deps: Deps,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, FeedItem>> {
  if (ids.length === 0) return new Map();
  // The posts and all their items show, in one round trip.
  const { posts, lookups } = await pageWithLookups(deps.db, viewerId, postsByIdsStatement(ids));
  return postItemMap(posts, lookups, viewerId);
}

/**
 * The visible posts `posts` names as feed items keyed by post id, with `extra` statements in the
 * same batch (deps.ts `PostReads.itemsWhere`: search pages ask it).
 */
export async function feedItemsWhere(
  deps: Deps,
  viewerId: number | null,
  posts: PostsWhere,
  extra: Statement[],
): Promise<{ items: Map<number, FeedItem>; extra: object[][] }> {
  const page = await pageWithLookups(
    deps.db,
    viewerId,
    postsWhereStatement(posts.with, posts.where, posts.binds),
    extra,
  );
  return { items: postItemMap(page.posts, page.lookups, viewerId), extra: page.extra };
}

/** Posts read with their lookups (`pageWithLookups`) as feed items, keyed by post id. */
function postItemMap(rows: PostRow[], lookups: PostLookups, viewerId: number | null): Map<number, FeedItem> {
  const items = toFeedItems(rows, lookups, viewerId);
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

/**
 * Reads more pages after a filtered one comes up short, so a page stays full when muted posts are
 * left out. At most this many pages are read for one answer: what one answer reads stays bounded
 * however much is muted (a page may then come up short; its cursor still moves past what was read).
 */
export const MUTED_FILL_READS = 4;

/** The text a muted phrase is looked for in: a post's title and body. */
const postText = (post: PostRow) => `${post.title}\n${htmlToText(post.body)}`;

/**
 * A page of `limit` posts none of `mutes` hides: reads `read(skip, values)` pages, each after the
 * last post of the one before, until the page is full, the list ends or MUTED_FILL_READS pages were
 * read. `cursor` is the sort values to read on from (null when the list ended); `hidden` how many
 * posts read the phrases left out (docs/decisions/170).
 */
async function unmutedPage(
  mutes: ActiveMute[],
  limit: number,
  order: Order,
  start: { skip: number; values: number[] | null; size?: number },
  read: (skip: number, values: number[] | null) => Promise<PostRow[]>,
): Promise<{ posts: PostRow[]; cursor: number[] | null; hidden: number }> {
  const valuesOf = (post: PostRow) => order.columns.map((c) => Number(post[c]));
  let rows = await read(start.skip, start.values);
  if (mutes.length === 0) {
    const posts = rows.slice(0, limit);
    const last = posts.at(-1);
    return { posts, cursor: last && posts.length === limit ? valuesOf(last) : null, hidden: 0 };
  }
  const kept: PostRow[] = [];
  let hidden = 0;
  for (let reads = 1; ; reads++) {
    for (const post of rows) {
      if (mutedBy(postText(post), mutes) === null) kept.push(post);
      else hidden++;
      if (kept.length === limit) return { posts: kept, cursor: valuesOf(post), hidden };
    }
    const last = rows.at(-1);
    // The first read may have asked for more than a page (`firstReadSize`).
    const asked = reads === 1 ? (start.size ?? limit) : limit;
    if (!last || rows.length < asked) return { posts: kept, cursor: null, hidden };
    if (reads === MUTED_FILL_READS) return { posts: kept, cursor: valuesOf(last), hidden };
    rows = await read(0, valuesOf(last));
  }
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

/**
 * What a visitor's page shows of posts, in one batch with `extra` statements: the published post by
 * its public id, or a community's first page, pinned first (`PostReads.forVisitor` in deps.ts).
 */
export async function visitorPosts(
  deps: Deps,
  which: VisitorPosts,
  extra: Statement[],
): Promise<{ items: FeedItem[]; cursor: string | null; extra: object[][] }> {
  const page =
    "post" in which
      ? publishedPostStatement(which.post)
      : communityPostPage(which.community, { skip: 0, limit: which.limit }, null);
  const read = await pageWithLookups(deps.db, null, page, extra);
  return {
    items: toFeedItems(read.posts, read.lookups, null),
    cursor: "post" in which ? null : nextCursor(read.posts, which.limit, PINNED_FIRST),
    extra: read.extra,
  };
}

/**
 * The sources (communities joined, people followed, those with posts) this isolate last read for a
 * viewer's feed of them, by kind and viewer: a page is merged from them while the same round trip
 * reads them as they are now (docs/decisions/220). At most SOURCES_KEPT_MAX viewers.
 */
const keptSources = new Map<string, number[]>();
const SOURCES_KEPT_MAX = 2000;

function keepSources(key: string, sources: number[] | null): void {
  keptSources.delete(key);
  if (!sources) return;
  keptSources.set(key, sources);
  if (keptSources.size > SOURCES_KEPT_MAX) keptSources.delete(keptSources.keys().next().value as string);
}

const sameIds = (a: number[], b: number[]) => {
  const set = new Set(a);
  return a.length === b.length && b.every((id) => set.has(id));
};

export async function readFeed(
  deps: Deps,
  viewerId: number | null,
  q: FeedQuery,
): Promise<CursorPage<FeedItem>> {
  const { db } = deps;
  const hideRead = readsOf(viewerId, q.hide_read);

  if (q.option === "NEW" || q.option === "TOP" || q.option === "VERIFIED") {
    const order = q.option === "TOP" ? TOP : NEWEST;
    const tag = q.option === "VERIFIED" ? "v" : order.tag;
    const values = decodeCursor(q.cursor, tag, 2);
    const verified = q.option === "VERIFIED";
    // The page and all its items show, in one round trip (the token check's too, which brings the
    // viewer's phrases): a page none of them hides is the answer. A viewer who mutes phrases gets
    // half a page more in that read, to fill what the phrases leave out.
    const size = firstReadSize(deps, viewerId, q);
    let first: Awaited<ReturnType<typeof sitePostPage>> | null = await sitePostPage(
      db,
      viewerId,
      verified,
      order,
      { ...q, limit: size },
      values,
      hideRead,
    );
    const mutes = await listMutes(deps, viewerId, q.show_muted);
    if (mutes.length === 0) {
      const posts = first.posts.slice(0, q.limit);
      const cursor = nextCursor(posts, q.limit, { ...order, tag });
      return cursorPageOf(toFeedItems(posts, first.lookups, viewerId), first.total, q.limit, cursor);
    }
    let total = 0;
    const reads = new ReadLookups();
    const start = { skip: q.skip, values, size };
    const page = await unmutedPage(mutes, q.limit, order, start, async (skip, after) => {
      // The page read first is the first of the reads that fill this one.
      const read =
        first ??
        (await sitePostPage(db, viewerId, verified, order, { skip, limit: q.limit }, after, hideRead));
      first = null;
      total = read.total;
      return reads.add(read);
    });
    const cursor = page.cursor ? encodeCursor(tag, page.cursor) : null;
    return cursorPageOf(reads.items(page.posts, viewerId), total, q.limit, cursor, page.hidden);
  }

  if (viewerId === null) fail(401, "Sign in to see this feed");
  const kind = q.option === "COMMUNITIES" ? "communities" : "people";
  const tag = kind === "communities" ? "c" : "f";
  const values = decodeCursor(q.cursor, tag, 2);
  const merged =
    (sources: number[], window: { skip: number; limit: number }, after: number[] | null) =>
    (extra: Statement[] = []) =>
      pageWithLookups(db, viewerId, mergedSourcePage(kind, sources, window, after, hideRead), extra);
  // The page merged from the sources this isolate last read for the viewer, with the sources as
  // they are now, in one round trip; read again when they changed (docs/decisions/220).
  const key = `${kind}:${viewerId}`;
  const guess = keptSources.get(key);
  let first = guess ? await merged(guess, q, values)([feedSourcesStatement(viewerId, kind)]) : null;
  const sources = first
    ? (first.extra[0] as Array<{ id: number; total: number }>)
    : await feedSources(db, viewerId, kind);
  const mutes = await listMutes(deps, viewerId, q.show_muted);
  const active = sources.filter((s) => s.total > 0).map((s) => Number(s.id));
  const total = sources.reduce((sum, s) => sum + s.total, 0);
  const mergeable = active.length > 0 && active.length <= MERGE_MAX_SOURCES;
  if (first && !(guess && mergeable && sameIds(guess, active))) first = null;
  keepSources(key, mergeable ? active : null);
  if (mutes.length === 0 && mergeable) {
    // The merged page and all its items show, in one round trip (after the sources' when this
    // isolate did not know them).
    const page = first ?? (await merged(active, q, values)());
    const cursor = nextCursor(page.posts, q.limit, { ...NEWEST, tag });
    return cursorPageOf(toFeedItems(page.posts, page.lookups, viewerId), total, q.limit, cursor);
  }
  const page = await unmutedPage(mutes, q.limit, NEWEST, { skip: q.skip, values }, async (skip, after) => {
    const window = { skip, limit: q.limit };
    const read = first;
    first = null;
    if (read) return read.posts;
    if (active.length === 0) return [];
    if (active.length <= MERGE_MAX_SOURCES)
      return (await pageWithLookups(db, viewerId, mergedSourcePage(kind, active, window, after, hideRead)))
        .posts;
    return scannedSourcePosts(db, viewerId, kind, window, after, hideRead);
  });
  const cursor = page.cursor ? encodeCursor(tag, page.cursor) : null;
  return cursorPageOf(await loadFeedItems(deps, viewerId, page.posts), total, q.limit, cursor, page.hidden);
}

/** `GET /api/v1/community/micropost/list`: a community's posts, pinned ones first, then the newest. */
export async function readCommunityPosts(
  deps: Deps,
  viewerId: number | null,
  q: {
    name: string;
    skip: number;
    limit: number;
    cursor?: string;
    flair_id?: number;
    hide_read?: boolean;
    show_muted?: boolean;
  },
): Promise<CursorPage<FeedItem>> {
  const values = decodeCursor(q.cursor, PINNED_FIRST.tag, 3);
  const flairId = q.flair_id ?? null;
  const hideRead = readsOf(viewerId, q.hide_read);
  const read = (window: { skip: number; limit: number }, after: number[] | null) =>
    // The community, its page and all the page shows, in one round trip.
    pageWithLookups(
      deps.db,
      viewerId,
      communityPostPage(q.name, window, after, flairId, hideRead),
      [],
      [COMMUNITY_POST_COUNT, ...(flairId === null ? [] : [flairPostCount(flairId)])],
    );
  const first = await read(q, values);
  const community = (first.beside[0] as Array<{ id: number; total_microposts: number }>)[0];
  if (!community) fail(404, `The community c/${q.name} does not exist`);
  const total =
    flairId === null ? community.total_microposts : ((first.beside[1] as Array<{ n: number }>)[0]?.n ?? 0);
  // The viewer's phrases came with that round trip (the token check rode in it).
  const mutes = await listMutes(deps, viewerId, q.show_muted);
  if (mutes.length === 0) {
    const cursor = nextCursor(first.posts, q.limit, PINNED_FIRST);
    return cursorPageOf(toFeedItems(first.posts, first.lookups, viewerId), total, q.limit, cursor);
  }
  let count = 0;
  const reads = new ReadLookups();
  const page = await unmutedPage(
    mutes,
    q.limit,
    PINNED_FIRST,
    { skip: q.skip, values },
    async (skip, after) => reads.add(count++ === 0 ? first : await read({ skip, limit: q.limit }, after)),
  );
  const cursor = page.cursor ? encodeCursor(PINNED_FIRST.tag, page.cursor) : null;
  return cursorPageOf(reads.items(page.posts, viewerId), total, q.limit, cursor, page.hidden);
}

/**
 * `GET /api/v1/user/micropost/list`: a person's published posts, newest or most voted first. Read
 * through the owner index, so the cost follows the person's posts, not the whole table. The person,
 * whether they blocked the viewer, the page and all it shows come back in one round trip. Posts
 * holding the viewer's muted words are left out of the page and counted (docs/decisions/170): the
 * page is paged by offset, so it may come up short; the total still counts them.
 */
export async function readPersonPosts(
  deps: Deps,
  input: {
    username: string;
    sort: ProfilePostSort;
    skip: number;
    limit: number;
    viewerId: number | null;
    show_muted?: boolean;
  },
): Promise<Page<FeedItem> & { hidden_by_mutes?: number }> {
  const page = await personPostPage(deps.db, input.viewerId, input.username, input.sort, input);
  if (!page.person) fail(404, PEOPLE_MSG.userNotFound);
  if (input.viewerId !== null && input.viewerId !== page.person.id && page.blocksViewer)
    fail(403, PEOPLE_MSG.blockedByThem);
  // Their own posts are never hidden from them; the viewer's phrases came with that round trip.
  const own = input.viewerId === page.person.id;
  const mutes = await listMutes(deps, own ? null : input.viewerId, input.show_muted);
  const kept = page.posts.filter((post) => mutedBy(postText(post), mutes) === null);
  const answer = toPage(toFeedItems(kept, page.lookups, input.viewerId), page.total, input.limit);
  const hidden = page.posts.length - kept.length;
  return hidden > 0 ? { ...answer, hidden_by_mutes: hidden } : answer;
}

/**
 * Feed heads (their communities, flairs and people) this isolate read lately, by public id. A page
 * read with a kept head checks, in the same round trip, that the feed's row has not changed since
 * (any change to a feed moves its `updated_at`), and reads again with a fresh head when it has: one
 * round trip for a feed's page instead of two. Kept at most HEAD_KEEP_MS, so what no edit of the
 * feed announces (a person suspended, a community gone) shows within that time.
 */
const keptHeads = new Map<string, { head: CustomFeedHead; at: number }>();
const HEAD_KEEP_MS = 60_000;
const HEADS_KEPT = 500;

function keepHead(id: string, head: CustomFeedHead): void {
  if (keptHeads.size >= HEADS_KEPT) keptHeads.delete(keptHeads.keys().next().value as string);
  keptHeads.set(id, { head, at: Date.now() });
}

/**
 * `GET /api/v1/feed/micropost/list`: a page of a person's own feed (docs/decisions/149), NEW or TOP,
 * from a keyset cursor. A public feed for anyone; a private one for its owner only (404 to others,
 * as if it did not exist).
 */
export async function readCustomFeed(
  deps: Deps,
  viewerId: number | null,
  q: {
    id: string;
    sort: FeedSort;
    cursor?: string;
    limit: number;
    hide_read?: boolean;
    show_muted?: boolean;
  },
): Promise<CursorPage<FeedItem>> {
  const order: Order = q.sort === "TOP" ? { ...TOP, tag: "ft" } : { ...NEWEST, tag: "fn" };
  const values = decodeCursor(q.cursor, order.tag, 2);
  const hideRead = readsOf(viewerId, q.hide_read);
  const kept = keptHeads.get(q.id);
  let head = kept && Date.now() - kept.at < HEAD_KEEP_MS ? kept.head : null;
  const read = async (after: number[] | null) => {
    if (!head && isPlainPublicId(q.id)) {
      // Not kept here: the feed's row and its page, read by its public id, in one round trip.
      const page = await pageWithLookups(
        deps.db,
        viewerId,
        customFeedPage({ publicId: q.id }, null, q.sort, q.limit, after, hideRead),
        customFeedHeadStatements(q.id),
      );
      head = customFeedHeadOf(page.extra);
      if (head) keepHead(q.id, head);
      if (!head || (!head.isPublic && head.ownerId !== viewerId)) fail(404, FEED_MSG.notFound);
      return { ...page, head };
    }
    for (;;) {
      if (!head) {
        head = await customFeedHead(deps.db, q.id);
        if (head) keepHead(q.id, head);
      }
      if (!head || (!head.isPublic && head.ownerId !== viewerId)) fail(404, FEED_MSG.notFound);
      // The page, all its items show and the feed's version, in one round trip.
      const page = await pageWithLookups(
        deps.db,
        viewerId,
        customFeedPage(head.id, head.sources, q.sort, q.limit, after, hideRead),
        [{ sql: FEED_VERSION, binds: [q.id] }],
      );
      const now = (page.extra[0] as Array<{ updated_at: number }>)[0];
      if (now && Number(now.updated_at) === head.updatedAt) return { ...page, head };
      // The feed changed (or went) since its head was kept: read it again.
      keptHeads.delete(q.id);
      head = null;
    }
  };
  // With a kept head: the page, all it shows and the token check (which brings the viewer's
  // phrases), in one round trip; a page none of them hides is the answer.
  let first: Awaited<ReturnType<typeof read>> | null = await read(values);
  const mutes = await listMutes(deps, viewerId, q.show_muted);
  if (mutes.length === 0) {
    const cursor = nextCursor(first.posts, q.limit, order);
    return cursorPageOf(toFeedItems(first.posts, first.lookups, viewerId), first.head.total, q.limit, cursor);
  }
  let total = 0;
  const reads = new ReadLookups();
  const page = await unmutedPage(mutes, q.limit, order, { skip: 0, values }, async (_skip, after) => {
    // The page read first is the first of the reads that fill this one.
    const read1 = first ?? (await read(after));
    first = null;
    total = read1.head.total;
    return reads.add(read1);
  });
  const cursor = page.cursor ? encodeCursor(order.tag, page.cursor) : null;
  return cursorPageOf(reads.items(page.posts, viewerId), total, q.limit, cursor, page.hidden);
}
