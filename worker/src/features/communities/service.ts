import { type Page, toPage } from "#shared/api.ts";
import { IMAGE_MAX_BYTES } from "#shared/constants.ts";
import type {
  Community,
  CommunityCreateFields,
  CommunitySort,
  JoinResult,
  Member,
} from "#shared/schemas/communities.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import type { Db } from "#worker/db/client.ts";
import type { Bindings } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { hitRateLimit } from "#worker/middleware/rate-limit.ts";
import { notify } from "../notifications/service";
import { ownerMap, ownersStatement } from "../posts/items";
import { fileFromDataUrl, storeUpload } from "../posts/media";
import { decodeCursor, encodeCursor, idList, keysetSql, type Reader } from "../posts/reader";
import { findCommunity, joinStatements } from "../posts/service";
import {
  COMMUNITY_SQL,
  type CommunitySqlRow,
  type MembershipSqlRow,
  type OwnerSqlRow,
  toCommunity,
} from "./serialize";

const DAY = 24 * 60 * 60 * 1000;
const COMMUNITIES_PER_DAY = 10;

/** Creates a community; its creator is its OWNER and first member. Names are unique in any case. */
export async function createCommunity(
  env: Bindings,
  reader: Reader,
  db: Db,
  user: { id: number },
  fields: CommunityCreateFields,
  image: File | string | null,
): Promise<{ name: string }> {
  const taken = await reader.first({
    sql: "SELECT 1 FROM communities WHERE lower(name) = lower(?1)",
    binds: [fields.name],
  });
  if (taken) fail(409, `The name c/${fields.name} is taken. Choose another one.`);
  await hitRateLimit(reader, `community:${user.id}`, { max: COMMUNITIES_PER_DAY, windowMs: DAY });
  const file = typeof image === "string" ? (image.trim() ? fileFromDataUrl(image, "image") : null) : image;
  const stored = file
    ? await storeUpload(env, db, {
        file,
        ownerId: user.id,
        field: "image",
        accept: "image",
        folder: "communities",
        maxBytes: IMAGE_MAX_BYTES,
      })
    : null;
  const now = Date.now();
  const d1 = reader.d1;
  try {
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO communities (name, display_name, description, image, owner_id, total_members, created_at)
           VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)`,
        )
        .bind(
          fields.name,
          fields.display_name || null,
          fields.description || null,
          stored?.url ?? null,
          user.id,
          now,
        ),
      d1
        .prepare(
          `INSERT INTO community_members (community_id, user_id, role, created_at)
           SELECT id, ?2, 'OWNER', ?3 FROM communities WHERE lower(name) = lower(?1)`,
        )
        .bind(fields.name, user.id, now),
    ]);
  } catch (error) {
    // Two people creating the same name at once: the unique index decides, the loser gets a 409.
    if (String(error).includes("UNIQUE"))
      fail(409, `The name c/${fields.name} is taken. Choose another one.`);
    throw error;
  }
  return { name: fields.name };
}

async function membershipsOf(reader: Reader, viewerId: number | null, communityIds: number[]) {
  if (viewerId === null || communityIds.length === 0) return new Map<number, MembershipSqlRow>();
  const rows = await reader.all<MembershipSqlRow>({
    sql: `SELECT community_id, role, created_at FROM community_members
      WHERE user_id = ?1 AND community_id IN (${idList(communityIds)})`,
    binds: [viewerId],
  });
  return new Map(rows.map((m) => [m.community_id, m]));
}

export async function getCommunity(
  reader: Reader,
  viewerId: number | null,
  name: string,
): Promise<Community> {
  const row = await findCommunity(reader, name);
  const memberships = await membershipsOf(reader, viewerId, [row.id]);
  return toCommunity(row, memberships.get(row.id));
}

/** The upper end of a prefix range: every string that starts with `prefix` sorts below it. */
function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/**
 * `GET /api/v1/community/list`: by members (`top`, the sidebar) or newest (`new`), optionally only
 * names starting with `name`. Without a name it pages through an index from a keyset cursor.
 */
export async function listCommunities(
  reader: Reader,
  viewerId: number | null,
  q: { name?: string; sort?: CommunitySort; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<Community>> {
  const sort = q.sort ?? "top";
  const first = sort === "top" ? "total_members" : "created_at";
  const tag = sort === "top" ? "t" : "n";
  const prefix = q.name?.toLowerCase() ?? "";
  const values = decodeCursor(q.cursor, tag, 2);
  const range = "lower(c.name) >= ?1 AND lower(c.name) < ?2";
  const [rows, count] = await reader.batch<[CommunitySqlRow, { n: number }]>([
    {
      sql: keysetSql({
        select: COMMUNITY_SQL,
        from: "communities c",
        where: prefix ? range : "1 = 1",
        columns: [
          { expr: `c.${first}`, name: first },
          { expr: "c.id", name: "id" },
        ],
        dir: "DESC",
        values,
        limit: q.limit,
        skip: q.skip,
      }),
      binds: prefix ? [prefix, prefixEnd(prefix)] : [],
      isList: true,
    },
    prefix
      ? {
          sql: "SELECT count(*) AS n FROM communities WHERE lower(name) >= ?1 AND lower(name) < ?2",
          binds: [prefix, prefixEnd(prefix)],
        }
      : { sql: "SELECT value AS n FROM site_counters WHERE key = 'communities'" },
  ]);
  const memberships = await membershipsOf(
    reader,
    viewerId,
    rows.map((r) => r.id),
  );
  const total = count[0]?.n ?? 0;
  const last = rows.at(-1);
  return {
    list: rows.map((r) => toCommunity(r, memberships.get(r.id))),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor:
      last && rows.length === q.limit
        ? encodeCursor(tag, [sort === "top" ? last.total_members : last.created_at, last.id])
        : null,
  };
}

/** `GET .../community/list`: the caller's communities by name (the create-post picker). */
export async function listMyCommunities(
  reader: Reader,
  userId: number,
  q: { name?: string; skip: number; limit: number },
): Promise<Page<Community>> {
  const prefix = q.name?.toLowerCase() ?? "";
  const filter = prefix ? " AND lower(c.name) >= ?2 AND lower(c.name) < ?3" : "";
  const binds = prefix ? [userId, prefix, prefixEnd(prefix)] : [userId];
  const [rows, count] = await reader.batch<
    [CommunitySqlRow & { m_role: MembershipSqlRow["role"]; m_created_at: number }, { n: number }]
  >([
    {
      sql: `SELECT ${COMMUNITY_SQL}, cm.role AS m_role, cm.created_at AS m_created_at
        FROM community_members cm JOIN communities c ON c.id = cm.community_id
        WHERE cm.user_id = ?1${filter} ORDER BY lower(c.name) LIMIT ${q.limit} OFFSET ${q.skip}`,
      binds,
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM community_members cm JOIN communities c ON c.id = cm.community_id
        WHERE cm.user_id = ?1${filter}`,
      binds,
    },
  ]);
  const list = rows.map((r) =>
    toCommunity(r, { community_id: r.id, role: r.m_role, created_at: r.m_created_at }),
  );
  return toPage(list, count[0]?.n ?? 0, q.limit);
}

/** Joins (part 1 §4): sets the membership and adds 1 to total_members, once, however often it is called. */
export async function joinCommunity(
  reader: Reader,
  db: Db,
  user: { id: number; username: string },
  name: string,
): Promise<JoinResult> {
  const community = await findCommunity(reader, name);
  const d1 = reader.d1;
  const results = await d1.batch([
    ...joinStatements(d1, community.id, user.id, Date.now()),
    d1
      .prepare(
        `SELECT cm.role, cm.created_at, c.total_members FROM community_members cm
         JOIN communities c ON c.id = cm.community_id WHERE cm.community_id = ?1 AND cm.user_id = ?2`,
      )
      .bind(community.id, user.id),
  ]);
  const joined = (results[1]?.meta.changes ?? 0) > 0;
  const row = results[2]?.results[0] as {
    role: JoinResult["role"];
    created_at: number;
    total_members: number;
  };
  if (joined && community.owner_id !== null) {
    await notify(db, {
      userId: community.owner_id,
      kind: "COMMUNITY",
      actorId: user.id,
      link: `/c/${community.name}/members`,
      text: `c/${community.name}`,
    });
  }
  return {
    name: community.name,
    role: row.role,
    created_at: new Date(row.created_at).toISOString(),
    total_members: row.total_members,
  };
}

/** Leaves (part 1 §4): membership gone and 1 less member, only if they were one. */
export async function leaveCommunity(reader: Reader, user: { id: number }, name: string): Promise<void> {
  const community = await findCommunity(reader, name);
  const d1 = reader.d1;
  await d1.batch([
    d1
      .prepare(
        `UPDATE communities SET total_members = total_members - 1 WHERE id = ?1
         AND EXISTS (SELECT 1 FROM community_members WHERE community_id = ?1 AND user_id = ?2)`,
      )
      .bind(community.id, user.id),
    d1
      .prepare("DELETE FROM community_members WHERE community_id = ?1 AND user_id = ?2")
      .bind(community.id, user.id),
  ]);
}

/** `/c/:name/members`: members in the order they joined, paged from a keyset cursor. */
export async function listMembers(
  reader: Reader,
  q: { name: string; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<Member>> {
  const community = await findCommunity(reader, q.name);
  const values = decodeCursor(q.cursor, "m", 2);
  const rows = await reader.all<{ user_id: number; role: Member["role"]; created_at: number }>({
    sql: keysetSql({
      select: "cm.user_id, cm.role, cm.created_at",
      from: "community_members cm",
      where: `cm.community_id = ${community.id}`,
      columns: [
        { expr: "cm.created_at", name: "created_at" },
        { expr: "cm.user_id", name: "user_id" },
      ],
      dir: "ASC",
      values,
      limit: q.limit,
      skip: q.skip,
    }),
    isList: true,
  });
  const owners = rows.length
    ? ownerMap(await reader.all<OwnerSqlRow>(ownersStatement(rows.map((r) => r.user_id))))
    : new Map();
  const last = rows.at(-1);
  return {
    list: rows.flatMap((r) => {
      const owner = owners.get(r.user_id);
      return owner ? [{ owner, role: r.role, created_at: new Date(r.created_at).toISOString() }] : [];
    }),
    total_list: community.total_members,
    total_pages: Math.ceil(community.total_members / q.limit),
    next_cursor: last && rows.length === q.limit ? encodeCursor("m", [last.created_at, last.user_id]) : null,
  };
}
