import { toPage } from "#shared/api.ts";
import type { SearchType } from "#shared/enums.ts";
import type { Community } from "#shared/schemas/communities.ts";
import type { FeedItem } from "#shared/schemas/posts.ts";
import type { CommentItem, PersonItem, SearchResult } from "#shared/schemas/search.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { comments } from "#worker/db/schema/index.ts";
import { rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { toCommunity } from "#worker/lib/community-json.ts";
import { communityMap, membershipMap } from "#worker/lib/community-queries.ts";
import { toExcludedPhrase, toTerms } from "#worker/lib/fts-match.ts";
import type { ActiveMute } from "#worker/lib/mute-match.ts";
import { activeMutes, guessedMutes, knownMutes, sameMutes } from "#worker/lib/mutes.ts";
import { ownerMap, ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { toComment } from "#worker/lib/post-json.ts";
import { type FoundIds, toFoundIds } from "./fts";
import { FTS_SOURCES, searchSql } from "./fts-queries";
import {
  browseCommunityStatements,
  type HitsSql,
  hitCommentStatements,
  hitCommunityStatements,
  hitPersonStatements,
  hitPosts,
  hitsStatement,
} from "./queries";

export interface SearchInput {
  q: string;
  type: SearchType;
  skip: number;
  limit: number;
  viewerId: number | null;
  /** Leave out nothing for the viewer's muted words. */
  show_muted?: boolean;
}

/** Where the author of a match is, to leave out people the viewer blocked or who blocked them. */
const OWNER: Record<SearchType, { table: "microposts" | "comments" } | "self" | null> = {
  posts: { table: "microposts" },
  comments: { table: "comments" },
  communities: null,
  users: "self",
};

/**
 * `GET /api/v1/search`: one page of one type. Few matches are ranked by relevance, many are listed
 * newest first, very common words give way to rarer ones (see findIds), so no search keeps the
 * database busy. People who blocked the viewer, or whom the viewer blocked, are left out of the
 * page (a page can hold fewer than `limit` results; the total still counts them). The search, its
 * page and everything the page shows come back in one round trip (queries.ts).
 */
export async function search(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const empty = { search_type: input.type, ...toPage([], 0, input.limit) } as SearchResult;
  const source = FTS_SOURCES[input.type];
  const terms = toTerms(input.q, { prefix: source.prefix });
  // "Find More" opens the community search with no text: it lists communities, biggest first.
  if (terms.length === 0) return input.type === "communities" ? browseCommunities(deps, input) : empty;
  const owner = OWNER[input.type];
  const filtered = owner !== null && owner !== "self";
  const hitsOf = (exclude: string[]): HitsSql => ({
    ...searchSql(source, terms.length, exclude.length, input),
    binds: [...terms, ...exclude],
  });
  // The viewer's phrases, or null while they come with this request's first round trip: then the
  // search leaves out those their last token check here brought, and runs again only when this
  // request's check names others (docs/decisions/220).
  const known = filtered && !input.show_muted ? knownMutes(deps, input.viewerId, "SEARCH") : [];
  const guess = known ?? guessedMutes(input.viewerId, "SEARCH");
  // How many matches the phrases left out (docs/decisions/170): the matches without them, less
  // those with them; the plan of the search without them rides in the same round trip.
  const withMutes = (mutes: ActiveMute[]) => {
    const exclude = excludedPhrases(mutes);
    return loadHits(deps, hitsOf(exclude), input, exclude.length > 0 ? hitsOf([]) : null);
  };
  let answer = await withMutes(guess);
  if (known === null) {
    const mutes = await activeMutes(deps, input.viewerId, "SEARCH");
    if (!sameMutes(mutes, guess)) answer = await withMutes(mutes);
  }
  const unmuted = answer.unmuted ?? answer.found.total;
  const hidden = Math.max(0, unmuted - answer.found.total);
  const counted = hidden > 0 ? { hidden_by_mutes: hidden } : {};
  if (answer.found.total === 0) return { ...empty, ...counted };
  const page = toPage([], answer.found.total, input.limit);
  return { ...page, ...answer.list, ...counted } as SearchResult;
}

type Listed =
  | { search_type: "posts"; list: FeedItem[] }
  | { search_type: "comments"; list: CommentItem[] }
  | { search_type: "communities"; list: Array<{ community: Community }> }
  | { search_type: "users"; list: PersonItem[] };

/**
 * The search's plan and page, and its results as the answer shows them, in one round trip; with
 * `unmuted`, also how many that search (the same without the muted phrases) finds.
 */
async function loadHits(
  deps: Deps,
  hits: HitsSql,
  input: SearchInput,
  unmuted: HitsSql | null = null,
): Promise<{ found: FoundIds; list: Listed; unmuted?: number }> {
  const { db } = deps;
  const { viewerId } = input;
  const unmutedPlan = unmuted ? [hitsStatement(unmuted)] : [];
  const unmutedTotal = (plan: unknown) =>
    unmuted ? { unmuted: toFoundIds(plan as Array<Record<string, unknown>>).total } : {};
  const inOrder = <T>(ids: number[], byId: Map<number, T>) =>
    ids.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    });
  switch (input.type) {
    case "posts": {
      const page = await deps.posts.itemsWhere(viewerId, hitPosts(hits, viewerId), [
        hitsStatement(hits),
        ...unmutedPlan,
      ]);
      const found = toFoundIds(page.extra[0] as Array<Record<string, unknown>>);
      const byId = page.items;
      const list: Listed = { search_type: "posts", list: inOrder(found.ids, byId) };
      return { found, list, ...unmutedTotal(page.extra[1]) };
    }
    case "comments": {
      const statements = hitCommentStatements(hits, viewerId);
      const page = await deps.posts.itemsWhere(viewerId, statements.posts, [
        hitsStatement(hits),
        statements.comments,
        statements.authors,
        ...unmutedPlan,
      ]);
      const [planRows, commentRows, authorRows] = page.extra as [
        Array<Record<string, unknown>>,
        Array<{ parent_public_id: string | null }>,
        object[],
      ];
      const found = toFoundIds(planRows);
      const byId = toCommentItems(commentRows, ownerMap(authorRows), page.items, viewerId);
      const list: Listed = { search_type: "comments", list: inOrder(found.ids, byId) };
      return { found, list, ...unmutedTotal(page.extra[3]) };
    }
    case "communities": {
      const [planRows, rows, memberships = []] = await db.batch<[Record<string, unknown>, object, object]>([
        hitsStatement(hits),
        ...hitCommunityStatements(hits, viewerId),
      ]);
      const found = toFoundIds(planRows);
      return {
        found,
        list: { search_type: "communities", list: toCommunityItems(found.ids, rows, memberships) },
      };
    }
    case "users": {
      const [planRows, rows, followed = []] = await db.batch<
        [Record<string, unknown>, object, { id: number }]
      >([hitsStatement(hits), ...hitPersonStatements(hits, viewerId)]);
      const found = toFoundIds(planRows);
      const following = new Set(followed.map((f) => f.id));
      const byId = new Map(
        rows.map((raw) => {
          const row = rowOf(ownerWithId, raw);
          return [row.id, { owner: toOwner(row), is_following: following.has(row.id) }];
        }),
      );
      return { found, list: { search_type: "users", list: inOrder(found.ids, byId) } };
    }
  }
}

/**
 * The viewer's phrases muted in search, for posts and comments: FTS matches words, so a whole-word
 * phrase is left out as those words in a row, and one muted anywhere also where it starts a word.
 */
function excludedPhrases(mutes: ActiveMute[]): string[] {
  return mutes.flatMap((m) => toExcludedPhrase(m.phrase, { prefix: !m.wholeWord }) ?? []);
}

/** Communities by id, in the order asked, each with the viewer's membership. */
function toCommunityItems(
  ids: number[],
  rows: object[],
  memberships: object[],
): Array<{ community: Community }> {
  const byId = communityMap(rows);
  const membership = membershipMap(memberships);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ community: toCommunity(row, membership.get(id)) }] : [];
  });
}

async function browseCommunities(deps: Deps, input: SearchInput): Promise<SearchResult> {
  const [rows, count, memberships = []] = await deps.db.batch<[{ id: number }, { n: number }, object]>(
    browseCommunityStatements(input.viewerId, input),
  );
  const total = count[0]?.n ?? 0;
  return {
    ...toPage([], total, input.limit),
    search_type: "communities",
    list: toCommunityItems(
      rows.map((r) => r.id),
      rows,
      memberships,
    ),
  };
}

/**
 * Comments by id, each with its author and the post it belongs to (as the feed shows it, so a post
 * looks the same everywhere).
 */
function toCommentItems(
  raws: Array<{ parent_public_id: string | null }>,
  owners: Map<number, Owner>,
  posts: Map<number, FeedItem>,
  viewerId: number | null,
): Map<number, CommentItem> {
  const byId = new Map<number, CommentItem>();
  for (const raw of raws) {
    const row = rowOf(comments, raw);
    const post = posts.get(row.micropostId);
    const owner = owners.get(row.ownerId);
    if (!post || !owner) continue;
    byId.set(row.id, {
      owner,
      community: post.community,
      micropost: post.micropost,
      comment: toComment(row, {
        owner,
        viewerId,
        postPublicId: post.micropost.public_id,
        postAddress: post.micropost.link,
        parentPublicId: raw.parent_public_id,
      }),
    });
  }
  return byId;
}
