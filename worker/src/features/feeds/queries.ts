import { eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { customFeedCommunities, customFeedPeople, customFeeds } from "#worker/db/schema/index.ts";
import { columnsOf, nameOf, rowOf, type Statement, sqlText, statement } from "#worker/db/sql.ts";

// Every read and write of a person's own feeds (docs/decisions/149): the feed, its communities
// (with their flair filters) and its people. Names come in as one JSON bind each (`json_each`), so
// a hundred communities cost one bound value, not a hundred.

type FeedRow = typeof customFeeds.$inferSelect;

const fc = customFeedCommunities;
const fp = customFeedPeople;

interface FeedCommunityRow {
  feedId: number;
  communityId: number;
  name: string;
  image: string | null;
  includeFlairs: number[];
  excludeFlairs: number[];
}

interface FeedPersonRow {
  feedId: number;
  userId: number;
  username: string;
  image: string | null;
}

const FEED_COLUMNS = columnsOf(customFeeds, "f");

const toFlairs = (text: unknown): number[] => {
  try {
    const list = JSON.parse(String(text ?? "[]"));
    return Array.isArray(list) ? list.filter((v) => Number.isSafeInteger(v)) : [];
  } catch {
    return [];
  }
};

function communitiesOfFeeds(ids: string): Statement {
  return {
    sql: `SELECT fc.feed_id, fc.community_id, c.name, c.image, fc.include_flairs, fc.exclude_flairs
      FROM custom_feed_communities fc JOIN communities c ON c.id = fc.community_id
      WHERE fc.feed_id IN (${ids}) ORDER BY lower(c.name)`,
  };
}

function peopleOfFeeds(ids: string): Statement {
  return {
    sql: `SELECT fp.feed_id, fp.user_id, u.username, u.profile_image AS image
      FROM custom_feed_people fp JOIN users u ON u.id = fp.user_id
      WHERE fp.feed_id IN (${ids}) AND u.status = 'ACTIVE' AND u.deleted_at IS NULL ORDER BY u.username`,
  };
}

function toCommunityRows(rows: object[]): FeedCommunityRow[] {
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    feedId: Number(r.feed_id),
    communityId: Number(r.community_id),
    name: String(r.name),
    image: (r.image as string | null) ?? null,
    includeFlairs: toFlairs(r.include_flairs),
    excludeFlairs: toFlairs(r.exclude_flairs),
  }));
}

function toPeopleRows(rows: object[]): FeedPersonRow[] {
  return (rows as Array<Record<string, unknown>>).map((r) => ({
    feedId: Number(r.feed_id),
    userId: Number(r.user_id),
    username: String(r.username),
    image: (r.image as string | null) ?? null,
  }));
}

export interface FeedWithSources {
  feed: FeedRow;
  owner: string;
  communities: FeedCommunityRow[];
  people: FeedPersonRow[];
}

/** The person's feeds, oldest first, with their communities and people, in one round trip. */
export async function feedsOf(db: Database, ownerId: number): Promise<FeedWithSources[]> {
  const owner = String(Math.trunc(ownerId));
  const ids = `SELECT id FROM custom_feeds WHERE owner_id = ${owner}`;
  const [feeds, communityRows, peopleRows, users] = (await db.batch([
    {
      sql: `SELECT ${FEED_COLUMNS} FROM custom_feeds f WHERE f.owner_id = ${owner} ORDER BY f.id`,
      isList: true,
    },
    communitiesOfFeeds(ids),
    peopleOfFeeds(ids),
    { sql: `SELECT username FROM users WHERE id = ${owner}` },
  ])) as object[][];
  return group(
    feeds!.map((raw) => rowOf(customFeeds, raw)),
    toCommunityRows(communityRows!),
    toPeopleRows(peopleRows!),
    String((users![0] as { username?: string } | undefined)?.username ?? ""),
  );
}

/** The three reads of one feed by public id: the feed with its owner's name, its communities, its people. */
function feedReads(publicId: string): Statement[] {
  const id = "SELECT id FROM custom_feeds WHERE public_id = ?1";
  return [
    {
      sql: `SELECT ${FEED_COLUMNS}, u.username AS owner_username FROM custom_feeds f
        JOIN users u ON u.id = f.owner_id WHERE f.public_id = ?1`,
      binds: [publicId],
    },
    { ...communitiesOfFeeds(id), binds: [publicId] },
    { ...peopleOfFeeds(id), binds: [publicId] },
  ];
}

/** `feedReads`' rows as the feed, or null when there is none. */
function feedFromRows([feeds, communityRows, peopleRows]: object[][]): FeedWithSources | null {
  const raw = feeds?.[0] as { owner_username?: string } | undefined;
  if (!raw) return null;
  return group(
    [rowOf(customFeeds, raw)],
    toCommunityRows(communityRows ?? []),
    toPeopleRows(peopleRows ?? []),
    String(raw.owner_username),
  )[0]!;
}

/** One feed by public id with its owner's name, communities and people, in one round trip. */
export async function feedByPublicId(db: Database, publicId: string): Promise<FeedWithSources | null> {
  return feedFromRows((await db.batch(feedReads(publicId))) as object[][]);
}

/** The reads of a feed's new sources by name (`SourceNames`' rows). */
function sourceReads(communityNames: string[], usernames: string[]): Statement[] {
  return [
    {
      sql: `SELECT c.id, c.name FROM json_each(?1) j JOIN communities c ON lower(c.name) = lower(j.value)`,
      binds: [JSON.stringify(communityNames)],
    },
    {
      sql: `SELECT u.id, u.username FROM json_each(?1) j JOIN users u ON u.username = j.value
        WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
      binds: [JSON.stringify(usernames)],
    },
  ];
}

/** Communities by name (lower case) and people by username, as ids. */
export interface SourceNames {
  communities: Map<string, number>;
  people: Map<string, number>;
}

function sourceNamesOf([communityRows, peopleRows]: object[][]): SourceNames {
  const found = (rows: object[] | undefined) =>
    (rows ?? []) as Array<{ id: number; name?: string; username?: string }>;
  return {
    communities: new Map(found(communityRows).map((r) => [String(r.name).toLowerCase(), r.id])),
    people: new Map(found(peopleRows).map((r) => [String(r.username), r.id])),
  };
}

function group(
  feeds: FeedRow[],
  communityRows: FeedCommunityRow[],
  peopleRows: FeedPersonRow[],
  owner: string,
): FeedWithSources[] {
  return feeds.map((feed) => ({
    feed,
    owner,
    communities: communityRows.filter((c) => c.feedId === feed.id),
    people: peopleRows.filter((p) => p.feedId === feed.id),
  }));
}

/** Communities by name in any case, and active people by username: the ids a feed keeps. */
export async function resolveSources(
  db: Database,
  communityNames: string[],
  usernames: string[],
): Promise<SourceNames> {
  return sourceNamesOf((await db.batch(sourceReads(communityNames, usernames))) as object[][]);
}

/** A feed by public id and the ids of the sources an edit names, in one round trip. */
export async function feedAndSources(
  db: Database,
  publicId: string,
  communityNames: string[],
  usernames: string[],
): Promise<{ found: FeedWithSources | null; names: SourceNames }> {
  const rows = (await db.batch([
    ...feedReads(publicId),
    ...sourceReads(communityNames, usernames),
  ])) as object[][];
  return { found: feedFromRows(rows.slice(0, 3)), names: sourceNamesOf(rows.slice(3)) };
}

export interface SourceIds {
  communities: Array<{ id: number; include: number[]; exclude: number[] }>;
  people: number[];
}

/** Statements that put a feed's communities and people (the feed found by `feedIdSql`, binds `binds`). */
function sourceStatements(db: Database, feedIdSql: string, binds: unknown[], sources: SourceIds) {
  const rows = sources.communities.map((c) => [c.id, JSON.stringify(c.include), JSON.stringify(c.exclude)]);
  const statements = [];
  if (rows.length)
    statements.push(
      db.prepare({
        sql: sqlText(sql`INSERT INTO ${fc} (${nameOf(fc.feedId)}, ${nameOf(fc.communityId)},
            ${nameOf(fc.includeFlairs)}, ${nameOf(fc.excludeFlairs)})
          SELECT (${sql.raw(feedIdSql)}), json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), json_extract(j.value, '$[2]')
          FROM json_each(${sql.raw(`?${binds.length + 1}`)}) j WHERE (${sql.raw(feedIdSql)}) IS NOT NULL`),
        binds: [...binds, JSON.stringify(rows)],
      }),
    );
  if (sources.people.length)
    statements.push(
      db.prepare({
        sql: sqlText(sql`INSERT INTO ${fp} (${nameOf(fp.feedId)}, ${nameOf(fp.userId)})
          SELECT (${sql.raw(feedIdSql)}), j.value FROM json_each(${sql.raw(`?${binds.length + 1}`)}) j
          WHERE (${sql.raw(feedIdSql)}) IS NOT NULL`),
        binds: [...binds, JSON.stringify(sources.people)],
      }),
    );
  return statements;
}

/**
 * Makes the feed unless its owner keeps `max` already (counted in the same transaction, so two at
 * once cannot make the 21st). Answers whether it was made.
 */
export async function insertFeed(
  db: Database,
  input: {
    publicId: string;
    ownerId: number;
    name: string;
    description: string;
    isPublic: boolean;
    now: number;
  },
  sources: SourceIds,
  max: number,
): Promise<FeedWithSources | null> {
  const feedId = "SELECT id FROM custom_feeds WHERE public_id = ?1";
  const written = [
    db.prepare({
      sql: `INSERT INTO custom_feeds (public_id, owner_id, name, description, is_public, created_at, updated_at)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?6 WHERE (SELECT count(*) FROM custom_feeds WHERE owner_id = ?2) < ${max}`,
      binds: [
        input.publicId,
        input.ownerId,
        input.name,
        input.description,
        input.isPublic ? 1 : 0,
        input.now,
      ],
    }),
    ...sourceStatements(db, feedId, [input.publicId], sources),
  ];
  return writtenFeed(db, written, input.publicId);
}

/** `written`, then the feed read back as its page shows it, in one batch (null when there is none). */
async function writtenFeed(
  db: Database,
  written: D1PreparedStatement[],
  publicId: string,
): Promise<FeedWithSources | null> {
  const results = await db.write([...written, ...feedReads(publicId).map((s) => db.prepare(s))]);
  return feedFromRows(results.slice(written.length).map((r) => r.results as object[]));
}

/** Changes a feed's fields; a list given replaces the feed's old one. */
export async function updateFeed(
  db: Database,
  feedId: number,
  fields: { name?: string; description?: string; isPublic?: boolean; now: number },
  sources: { communities?: SourceIds["communities"]; people?: number[] },
  publicId: string,
): Promise<FeedWithSources | null> {
  const id = String(Math.trunc(feedId));
  const statements = [
    db.prepare({
      sql: `UPDATE custom_feeds SET name = coalesce(?1, name), description = coalesce(?2, description),
        is_public = coalesce(?3, is_public), updated_at = ?4 WHERE id = ${id}`,
      binds: [
        fields.name ?? null,
        fields.description ?? null,
        fields.isPublic === undefined ? null : fields.isPublic ? 1 : 0,
        fields.now,
      ],
    }),
  ];
  if (sources.communities) {
    statements.push(db.prepare(statement(db.orm.delete(fc).where(eq(fc.feedId, feedId)))));
    statements.push(...sourceStatements(db, id, [], { communities: sources.communities, people: [] }));
  }
  if (sources.people) {
    statements.push(db.prepare(statement(db.orm.delete(fp).where(eq(fp.feedId, feedId)))));
    statements.push(...sourceStatements(db, id, [], { communities: [], people: sources.people }));
  }
  return writtenFeed(db, statements, publicId);
}

/** Deletes the owner's feed (its communities and people go with it); false when they have none of that id. */
export async function deleteOwnFeed(db: Database, publicId: string, ownerId: number): Promise<boolean> {
  const [gone] = await db.write([
    db.prepare({
      sql: "DELETE FROM custom_feeds WHERE public_id = ?1 AND owner_id = ?2 RETURNING id",
      binds: [publicId, ownerId],
    }),
  ]);
  return (gone?.results.length ?? 0) > 0;
}
