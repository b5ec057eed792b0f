import { type Page, toPage } from "#shared/api.ts";
import { IMAGE_MAX_BYTES } from "#shared/constants.ts";
import {
  COMMUNITY_MSG,
  type Community,
  type CommunityCoverEdit,
  type CommunityCreateFields,
  type CommunitySort,
  type JoinResult,
  type Member,
} from "#shared/schemas/communities.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { communities } from "#worker/db/schema/index.ts";
import { decodeCursor, encodeCursor, rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { findCommunity } from "#worker/lib/communities.ts";
import {
  membershipColumns,
  toCommunity,
  toCommunityWithRules,
  toJoinResult,
  toMember,
} from "#worker/lib/community-json.ts";
import { joinStatements } from "#worker/lib/community-queries.ts";
import { fail } from "#worker/lib/errors.ts";
import { deleteStoredFiles, fileFromDataUrl, storeUpload } from "#worker/lib/media.ts";
import { hitRateLimit } from "#worker/lib/rate-limits.ts";
import { DAY } from "#worker/lib/time.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import {
  communityPage,
  communityWithMembership,
  insertCommunity,
  JOINED_NOW,
  joinedStatement,
  leaveStatements,
  memberPage,
  myCommunitiesPage,
  nameFree,
  nameTaken,
  paletteStatement,
  rulesAuthorityStatement,
  rulesStatements,
  setCover,
} from "./queries";

const COMMUNITIES_PER_DAY = 10;

/** Creates a community; its creator is its OWNER and first member. Names are unique in any case. */
export async function createCommunity(
  deps: Deps,
  user: Pick<AuthUser, "id" | "trust">,
  fields: CommunityCreateFields,
  image: File | string | null,
): Promise<{ name: string }> {
  const { db } = deps;
  // The day's limits count in the round trip of the name's read (the token check riding in it), and
  // only while the name is free: a taken name is a 409 that spends nothing, as it was.
  const rate = { key: `community:${user.id}`, rule: { max: COMMUNITIES_PER_DAY, windowMs: DAY } };
  const limits = await actionCounters(deps, user, rate, "community", { onlyIf: nameFree(fields.name) });
  if (await nameTaken(db, fields.name, limits))
    fail(409, `The name c/${fields.name} is taken. Choose another one.`);
  const file = typeof image === "string" ? (image.trim() ? fileFromDataUrl(image, "image") : null) : image;
  const stored = file
    ? await storeUpload(deps, {
        file,
        ownerId: user.id,
        field: "image",
        accept: "image",
        folder: "communities",
        maxBytes: IMAGE_MAX_BYTES,
      })
    : null;
  const now = Date.now();
  try {
    await insertCommunity(db, {
      name: fields.name,
      displayName: fields.display_name || null,
      description: fields.description || null,
      image: stored?.url ?? null,
      ownerId: user.id,
      now,
    });
  } catch (error) {
    // Two people creating the same name at once: the unique index decides, the loser gets a 409.
    if (String(error).includes("UNIQUE"))
      fail(409, `The name c/${fields.name} is taken. Choose another one.`);
    throw error;
  }
  return { name: fields.name };
}

/** Cover and palette changes one person may make in an hour. */
const COVERS_PER_HOUR = { max: 20, windowMs: 60 * 60_000 };

/**
 * `PATCH .../community`: its owner and moderators change its rules; its owner (its creator) sets or
 * resets its reaction palette (docs/decisions/166); its creator puts up a banner (an image checked by
 * its bytes, stored in R2 like every upload) or takes it down. The banner it replaces is removed
 * once the row points at the new one; seeded banners are left alone. Every part asked for is
 * checked before any is written.
 */
export async function setCommunityCover(
  deps: Deps,
  user: { id: number },
  edit: CommunityCoverEdit,
): Promise<Community> {
  await hitRateLimit(deps.db, `community-cover:${user.id}`, COVERS_PER_HOUR);
  const row = await findCommunity(deps, edit.name);
  const wantsPalette = edit.reaction_palette !== undefined || edit.remove_reaction_palette === "true";
  const wantsCover = Boolean(edit.cover) || edit.remove_cover === "true";
  if (edit.rules === undefined && !wantsPalette && !wantsCover)
    fail(422, COMMUNITY_MSG.coverRequired, { field: "cover" });
  if (wantsPalette && row.ownerId !== user.id) fail(403, COMMUNITY_MSG.notOwnerPalette);
  if (wantsCover && row.ownerId !== user.id) fail(403, COMMUNITY_MSG.notCreator);
  if (edit.rules !== undefined) {
    const who = await deps.db.first<{ username: string; staff: number; role: string | null }>(
      rulesAuthorityStatement(row.id, user.id),
    );
    if (!who || !(row.ownerId === user.id || who.staff || who.role === "OWNER" || who.role === "MODERATOR"))
      fail(403, COMMUNITY_MSG.notModerator);
    await deps.db.write(
      rulesStatements(deps.db, {
        communityId: row.id,
        userId: user.id,
        username: who.username,
        rules: edit.rules,
      }),
    );
  }
  if (wantsPalette) {
    const palette = edit.remove_reaction_palette === "true" ? null : (edit.reaction_palette ?? null);
    await deps.db.write([paletteStatement(deps.db, row.id, palette)]);
  }
  if (!wantsCover) return getCommunity(deps, user.id, row.name);
  let cover: string | null = null;
  if (edit.cover) {
    const stored = await storeUpload(deps, {
      file: edit.cover,
      ownerId: user.id,
      field: "cover",
      accept: "image",
      folder: "community-cover",
      maxBytes: IMAGE_MAX_BYTES,
    });
    cover = stored.url;
  }
  await setCover(deps.db, row.id, cover);
  if (row.cover && row.cover !== cover && row.cover.startsWith("/media/community-cover/"))
    await deleteStoredFiles(deps, [row.cover]);
  return getCommunity(deps, user.id, row.name);
}

export async function getCommunity(deps: Deps, viewerId: number | null, name: string): Promise<Community> {
  // The community and the viewer's membership in one round trip (the token check's too).
  const { row, membership } = await communityWithMembership(deps.db, name, viewerId);
  if (!row) fail(404, `The community c/${name} does not exist`);
  return toCommunityWithRules(row, membership);
}

/**
 * `GET /api/v1/community/list`: by members (`top`, the sidebar) or newest (`new`), optionally only
 * names starting with `name`. Without a name it pages through an index from a keyset cursor. The
 * page, its count and the viewer's memberships come back in one round trip.
 */
export async function listCommunities(
  deps: Deps,
  viewerId: number | null,
  q: { name?: string; sort?: CommunitySort; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<Community>> {
  const sort = q.sort ?? "top";
  const first = sort === "top" ? "totalMembers" : "createdAt";
  const tag = sort === "top" ? "t" : "n";
  const values = decodeCursor(q.cursor, tag, 2);
  const { rows, total, memberships } = await communityPage(deps.db, viewerId, {
    prefix: q.name?.toLowerCase() ?? "",
    first,
    values,
    skip: q.skip,
    limit: q.limit,
  });
  const last = rows.at(-1);
  return {
    list: rows.map((r) => toCommunity(r, memberships.get(r.id))),
    total_list: total,
    total_pages: Math.ceil(total / q.limit),
    next_cursor: last && rows.length === q.limit ? encodeCursor(tag, [last[first], last.id]) : null,
  };
}

/** `GET .../community/list`: the caller's communities by name (the create-post picker). */
export async function listMyCommunities(
  { db }: Deps,
  userId: number,
  q: { name?: string; skip: number; limit: number },
): Promise<Page<Community>> {
  const [rows, count] = await myCommunitiesPage(db, userId, q);
  const list = rows.map((r) => toCommunity(rowOf(communities, r), rowOf(membershipColumns, r, "m_")));
  return toPage(list, count[0]?.n ?? 0, q.limit);
}

/**
 * Joining makes the caller a member and adds 1 to total_members, once, however often it is
 * called; the owner hears of a new member.
 */
export async function joinCommunity(
  deps: Deps,
  user: { id: number; username: string },
  name: string,
): Promise<JoinResult> {
  const { db } = deps;
  const community = await findCommunity(deps, name);
  const now = Date.now();
  // The owner hears of it in the same batch, only if this batch made the caller a member.
  const told =
    community.ownerId === null
      ? null
      : deps.events.communityJoined({
          actorId: user.id,
          ownerId: community.ownerId,
          link: `/c/${community.name}/members`,
          text: `c/${community.name}`,
          now,
          onlyIf: { sql: JOINED_NOW, binds: [community.id] },
        });
  const notice = told?.statements ?? [];
  const results = await db.write([
    ...joinStatements(db, community.id, user.id, now),
    joinedStatement(db, community.id, user.id),
    ...notice,
  ]);
  const row = results[2]?.results[0] as {
    role: JoinResult["role"];
    created_at: number;
    total_members: number;
  };
  if (told) await told.after(results.slice(3, 3 + notice.length));
  return toJoinResult(community.name, row);
}

/** Leaving removes the membership and 1 member, only if they were one. */
export async function leaveCommunity(deps: Deps, user: { id: number }, name: string): Promise<void> {
  const { db } = deps;
  const community = await findCommunity(deps, name);
  await db.write(leaveStatements(db, community.id, user.id));
}

/** `/c/:name/members`: members in the order they joined, paged from a keyset cursor; one round trip. */
export async function listMembers(
  deps: Deps,
  q: { name: string; skip: number; limit: number; cursor?: string },
): Promise<CursorPage<Member>> {
  const values = decodeCursor(q.cursor, "m", 2);
  const { community, rows, owners } = await memberPage(deps.db, q.name, {
    values,
    skip: q.skip,
    limit: q.limit,
  });
  if (!community) fail(404, `The community c/${q.name} does not exist`);
  const last = rows.at(-1);
  return {
    list: rows.flatMap((r) => {
      const owner = owners.get(r.userId);
      return owner ? [toMember(r, owner)] : [];
    }),
    total_list: community.totalMembers,
    total_pages: Math.ceil(community.totalMembers / q.limit),
    next_cursor: last && rows.length === q.limit ? encodeCursor("m", [last.createdAt, last.userId]) : null,
  };
}
