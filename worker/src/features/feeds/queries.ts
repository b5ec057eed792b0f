import { eq, sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { customFeedCommunities, customFeedPeople, customFeeds } from "#worker/db/schema/index.ts";
import { columnsOf, idList, nameOf, rowOf, type Statement, sqlText, statement } from "#worker/db/sql.ts";

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

/** One feed by public id with its owner's name, communities and people, in one round trip. */
export async function feedByPublicId(db: Database, publicId: string): Promise<FeedWithSources | null> {
  const id = "SELECT id FROM custom_feeds WHERE public_id = ?1";
  const [feeds, communityRows, peopleRows] = (await db.batch([
    {
      sql: `SELECT ${FEED_COLUMNS}, u.username AS owner_username FROM custom_feeds f
        JOIN users u ON u.id = f.owner_id WHERE f.public_id = ?1`,
      binds: [publicId],
    },
    { ...communitiesOfFeeds(id), binds: [publicId] },
    { ...peopleOfFeeds(id), binds: [publicId] },
  ])) as object[][];
  const raw = feeds![0] as { owner_username?: string } | undefined;
  if (!raw) return null;
  return group(
    [rowOf(customFeeds, raw)],
    toCommunityRows(communityRows!),
    toPeopleRows(peopleRows!),
    String(raw.owner_username),
  )[0]!;
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
): Promise<{ communities: Map<string, number>; people: Map<string, number> }> {
  const [communityRows, peopleRows] = (await db.batch([
    {
      sql: `SELECT c.id, c.name FROM json_each(?1) j JOIN communities c ON lower(c.name) = lower(j.value)`,
      binds: [JSON.stringify(communityNames)],
    },
    {
      sql: `SELECT u.id, u.username FROM json_each(?1) j JOIN users u ON u.username = j.value
        WHERE u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
      binds: [JSON.stringify(usernames)],
    },
  ])) as Array<Array<{ id: number; name?: string; username?: string }>>;
  return {
    communities: new Map(communityRows!.map((r) => [String(r.name).toLowerCase(), r.id])),
    people: new Map(peopleRows!.map((r) => [String(r.username), r.id])),
  };
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
): Promise<boolean> {
  const feedId = "SELECT id FROM custom_feeds WHERE public_id = ?1";
  const [made] = await db.write([
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
  ]);
  return (made?.meta.changes ?? 0) > 0;
}

/** Changes a feed's fields; a list given replaces the feed's old one. */
export async function updateFeed(
  db: Database,
  feedId: number,
  fields: { name?: string; description?: string; isPublic?: boolean; now: number },
  sources: { communities?: SourceIds["communities"]; people?: number[] },
): Promise<void> {
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
  await db.write(statements);
}

/** Deletes a feed (its communities and people go with it). */
export async function deleteFeed(db: Database, feedId: number): Promise<void> {
  await db.write([db.prepare({ sql: `DELETE FROM custom_feeds WHERE id = ${idList([feedId])}` })]);
}
