import {
  type CustomFeed,
  type CustomFeedList,
  FEED_COMMUNITIES_MAX,
  FEED_FLAIRS_MAX,
  FEED_MSG,
  FEED_PEOPLE_MAX,
  FEEDS_MAX,
  type FeedEdit,
  type FeedFields,
} from "#shared/schemas/feeds.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { iso } from "#worker/lib/time.ts";
import {
  deleteOwnFeed,
  type FeedWithSources,
  feedAndSources,
  feedByPublicId,
  feedsOf,
  insertFeed,
  resolveSources,
  type SourceIds,
  type SourceNames,
  updateFeed,
} from "./queries";

// A person's own feeds (docs/decisions/149): up to FEEDS_MAX each, of up to FEED_COMMUNITIES_MAX
// communities (each with flairs to include or exclude) and FEED_PEOPLE_MAX people. The posts of a
// feed are read by the posts feature (`GET /api/v1/feed/micropost/list`), from the same tables.

interface Viewer {
  id: number;
}

function toFeed({ feed, owner, communities, people }: FeedWithSources): CustomFeed {
  return {
    id: feed.publicId,
    name: feed.name,
    description: feed.description,
    is_public: feed.isPublic,
    owner: { username: owner },
    communities: communities.map((c) => ({
      name: c.name,
      image: c.image,
      include_flairs: c.includeFlairs,
      exclude_flairs: c.excludeFlairs,
    })),
    people: people.map((p) => ({ username: p.username, image: p.image })),
    link: `/feeds/${feed.publicId}`,
    created_at: iso(feed.createdAt),
    updated_at: iso(feed.updatedAt),
  };
}

/** The limits of the lists, as a 400 naming the one passed (before anything is read). */
function checkLimits(communities: FeedFields["communities"] | undefined, people: string[] | undefined): void {
  if (communities && communities.length > FEED_COMMUNITIES_MAX)
    fail(400, FEED_MSG.tooManyCommunities, { field: "communities" });
  if (people && people.length > FEED_PEOPLE_MAX) fail(400, FEED_MSG.tooManyPeople, { field: "people" });
  for (const c of communities ?? []) {
    const include = c.include_flairs ?? [];
    const exclude = c.exclude_flairs ?? [];
    if (include.length > FEED_FLAIRS_MAX || exclude.length > FEED_FLAIRS_MAX)
      fail(400, FEED_MSG.tooManyFlairs, { field: "communities" });
    if (include.some((id) => exclude.includes(id)))
      fail(422, FEED_MSG.includeAndExclude, { field: "communities" });
  }
}

/** The names as the ids `found` read for them (422 for an unknown one). */
function sourceIds(
  found: SourceNames,
  communities: FeedFields["communities"] | undefined,
  people: string[] | undefined,
): { communities?: SourceIds["communities"]; people?: number[] } {
  const byCommunity = new Map<number, SourceIds["communities"][number]>();
  for (const c of communities ?? []) {
    const id = found.communities.get(c.name.toLowerCase());
    if (id === undefined) fail(422, `${FEED_MSG.unknownCommunity} c/${c.name}`, { field: "communities" });
    byCommunity.set(id, {
      id,
      include: [...new Set(c.include_flairs ?? [])],
      exclude: [...new Set(c.exclude_flairs ?? [])],
    });
  }
  const personIds = new Set<number>();
  for (const name of people ?? []) {
    const id = found.people.get(name);
    if (id === undefined) fail(422, `${FEED_MSG.unknownPerson} @${name}`, { field: "people" });
    personIds.add(id);
  }
  return {
    communities: communities ? [...byCommunity.values()] : undefined,
    people: people ? [...personIds] : undefined,
  };
}

const namesOf = (communities: FeedFields["communities"] | undefined) =>
  (communities ?? []).map((c) => c.name);

/** `GET /api/v1/private/user/feed/list`: the caller's feeds, oldest first. */
export async function listFeeds(deps: Deps, viewer: Viewer): Promise<CustomFeedList> {
  return { list: (await feedsOf(deps.db, viewer.id)).map(toFeed) };
}

/**
 * `POST /api/v1/private/user/feed`: a new feed (400 past FEEDS_MAX). Two round trips: the names'
 * ids (the token check riding in them), then the feed written and read back.
 */
export async function createFeed(deps: Deps, viewer: Viewer, fields: FeedFields): Promise<CustomFeed> {
  if (fields.communities.length === 0 && fields.people.length === 0)
    fail(422, FEED_MSG.empty, { field: "communities" });
  checkLimits(fields.communities, fields.people);
  const found = await resolveSources(deps.db, namesOf(fields.communities), fields.people);
  const sources = sourceIds(found, fields.communities, fields.people);
  const made = await insertFeed(
    deps.db,
    {
      publicId: publicId(),
      ownerId: viewer.id,
      name: fields.name,
      description: fields.description,
      isPublic: fields.is_public,
      now: Date.now(),
    },
    { communities: sources.communities ?? [], people: sources.people ?? [] },
    FEEDS_MAX,
  );
  if (!made) fail(400, FEED_MSG.tooManyFeeds);
  return toFeed(made);
}

/**
 * `PATCH /api/v1/private/user/feed`: the owner changes their feed. Two round trips: the feed and the
 * names' ids (the token check riding in them), then the change written and the feed read back.
 */
export async function editFeed(deps: Deps, viewer: Viewer, edit: FeedEdit): Promise<CustomFeed> {
  checkLimits(edit.communities, edit.people);
  const { found, names } = await feedAndSources(
    deps.db,
    edit.id,
    namesOf(edit.communities),
    edit.people ?? [],
  );
  // Another person's feed is not there for them.
  if (!found || found.feed.ownerId !== viewer.id) fail(404, FEED_MSG.notFound);
  const sources = sourceIds(names, edit.communities, edit.people);
  const communities = sources.communities ?? found.communities;
  const people = sources.people ?? found.people;
  if (communities.length === 0 && people.length === 0) fail(422, FEED_MSG.empty, { field: "communities" });
  const changed = await updateFeed(
    deps.db,
    found.feed.id,
    { name: edit.name, description: edit.description, isPublic: edit.is_public, now: Date.now() },
    sources,
    edit.id,
  );
  return toFeed(changed ?? found);
}

/** `DELETE /api/v1/private/user/feed?id`: the owner deletes their feed, in one round trip. */
export async function removeFeed(deps: Deps, viewer: Viewer, id: string): Promise<void> {
  if (!(await deleteOwnFeed(deps.db, id, viewer.id))) fail(404, FEED_MSG.notFound);
}

/** `GET /api/v1/feed?id`: a public feed for anyone, a private one for its owner only (404 to others). */
export async function getFeed(deps: Deps, viewerId: number | null, id: string): Promise<CustomFeed> {
  const found = await feedByPublicId(deps.db, id);
  if (!found || (!found.feed.isPublic && found.feed.ownerId !== viewerId)) fail(404, FEED_MSG.notFound);
  return toFeed(found);
}
