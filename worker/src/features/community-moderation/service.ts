import { type Page, toPage } from "#shared/api.ts";
import {
  type Ban,
  COMMUNITY_MOD_MSG,
  FLAIRS_MAX,
  type Flair,
  MODERATORS_MAX,
  type ModBan,
  type ModContent,
  type Moderator,
  type ModLogEntry,
  type ModReport,
  PINNED_MAX,
} from "#shared/schemas/community-moderation.ts";
import { rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { ownerWithId, toOwner } from "#worker/lib/owners.ts";
import {
  commentHideStatements,
  commentRestoreStatements,
  postHideStatements,
  postRestoreStatements,
} from "#worker/lib/post-removal-queries.ts";
import { iso } from "#worker/lib/time.ts";
import {
  type Authority,
  authorityOf,
  authorityWithBans,
  authorityWithReports,
  banStatement,
  commentInCommunity,
  communityFlairs,
  communityModerators,
  communityModLog,
  flairById,
  flairDeleteStatements,
  flairInsertStatement,
  flairsOf,
  flairUpdateStatement,
  lockStatement,
  logStatement,
  moderatorCount,
  personByName,
  pinnedCount,
  pinStatement,
  postInCommunity,
  removalRecorded,
  removalRecordStatements,
  reverseCommunityDecision,
  roleStatement,
  staffDecided,
  unbanStatement,
} from "./queries";

// The rules of a community's moderation (docs/decisions/146): its owner appoints moderators; the
// owner, its moderators and the site's staff act on its content and people, and nobody else.

const DAY_MS = 24 * 60 * 60_000;

/** The community, if the user may moderate it (its owner, a moderator, or staff); else 404 or 403. */
async function requireModerator(deps: Deps, user: AuthUser, name: string): Promise<Authority> {
  return mayModerate(await authorityOf(deps.db, name, user.id), user);
}

/** `requireModerator` on the authority already read. */
function mayModerate(found: Authority | null, user: AuthUser): Authority {
  if (!found) fail(404, COMMUNITY_MOD_MSG.communityNotFound);
  const ok =
    found.owner_id === user.id ||
    found.role === "OWNER" ||
    found.role === "MODERATOR" ||
    Boolean(found.staff);
  if (!ok) fail(403, COMMUNITY_MOD_MSG.notModerator);
  return found;
}

async function requireOwner(deps: Deps, user: AuthUser, name: string): Promise<Authority> {
  const found = await authorityOf(deps.db, name, user.id);
  if (!found) fail(404, COMMUNITY_MOD_MSG.communityNotFound);
  if (!(found.owner_id === user.id || found.role === "OWNER" || found.staff))
    fail(403, COMMUNITY_MOD_MSG.notOwner);
  return found;
}

const log = (c: Authority, user: AuthUser, now: number) => ({
  communityId: c.id,
  moderatorId: user.id,
  moderator: user.username,
  now,
});

// Moderators

export async function appointModerator(
  deps: Deps,
  user: AuthUser,
  input: { name: string; username: string },
) {
  const c = await requireOwner(deps, user, input.name);
  const person = await personByName(deps.db, input.username, c.id);
  if (!person) fail(404, COMMUNITY_MOD_MSG.personNotFound);
  if (person.role === "OWNER" || person.id === c.owner_id) fail(409, COMMUNITY_MOD_MSG.ownerIsNotModerator);
  if (person.role === "MODERATOR") fail(409, COMMUNITY_MOD_MSG.alreadyModerator);
  if (person.role !== "MEMBER") fail(422, COMMUNITY_MOD_MSG.notMember, { field: "username" });
  if (((await moderatorCount(deps.db, c.id))?.n ?? 0) >= MODERATORS_MAX)
    fail(409, COMMUNITY_MOD_MSG.moderatorsFull);
  const now = Date.now();
  const [changed] = await deps.db.write([
    deps.db.prepare(roleStatement(c.id, person.id, "MODERATOR", MODERATORS_MAX)),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: "APPOINT",
      targetType: "USER",
      target: person.username,
      reason: "",
    }),
  ]);
  if (!changed?.meta.changes) fail(409, COMMUNITY_MOD_MSG.moderatorsFull);
  return listModerators(deps, c.name);
}

export async function dismissModerator(
  deps: Deps,
  user: AuthUser,
  input: { name: string; username: string },
) {
  const c = await requireOwner(deps, user, input.name);
  const person = await personByName(deps.db, input.username, c.id);
  if (person?.role !== "MODERATOR") fail(404, COMMUNITY_MOD_MSG.notAModerator);
  const now = Date.now();
  await deps.db.write([
    deps.db.prepare(roleStatement(c.id, person.id, "MEMBER", MODERATORS_MAX)),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: "DISMISS",
      targetType: "USER",
      target: person.username,
      reason: "",
    }),
  ]);
  return listModerators(deps, c.name);
}

export async function listModerators(deps: Deps, name: string): Promise<{ list: Moderator[] }> {
  // The community and its moderators in one round trip.
  const { community, rows } = await communityModerators(deps.db, name);
  if (!community) fail(404, COMMUNITY_MOD_MSG.communityNotFound);
  return {
    list: rows.map((raw) => ({
      owner: toOwner(rowOf(ownerWithId, raw)),
      role: raw.m_role === "OWNER" ? "OWNER" : "MODERATOR",
      created_at: iso(Number(raw.m_created_at)),
    })),
  };
}

// Content

/** Remove or restore a post or a comment; removal hides it as staff removal does and tells its author. */
export async function moderateContent(
  deps: Deps,
  user: AuthUser,
  input: ModContent,
  restore: boolean,
): Promise<{ public_id: string; removed: boolean }> {
  const c = await requireModerator(deps, user, input.name);
  const { db } = deps;
  const now = Date.now();
  const targetType = input.target_type === "POST" ? "MICROPOST" : "COMMENT";
  let ownerId: number;
  let targetId: number;
  let statements: D1PreparedStatement[];
  if (input.target_type === "POST") {
    const post = await postInCommunity(db, input.public_id, c.id);
    const shown = post && post.is_draft === 0 && post.removed_at === null;
    if (!post || (!restore && !shown) || (restore && post.removed_at === null && post.is_draft === 1))
      fail(404, COMMUNITY_MOD_MSG.postNotFound);
    if (restore && post.removed_at === null) fail(409, COMMUNITY_MOD_MSG.notRemoved);
    ownerId = post.owner_id;
    targetId = post.id;
    const row = { id: post.id, communityId: post.community_id, ownerId: post.owner_id };
    statements = restore ? postRestoreStatements(db, row) : postHideStatements(db, row);
  } else {
    const comment = await commentInCommunity(db, input.public_id, c.id);
    if (!comment || (!restore && comment.is_deleted === 1 && comment.removed_at === null))
      fail(404, COMMUNITY_MOD_MSG.commentNotFound);
    if (restore && comment.removed_at === null) fail(409, COMMUNITY_MOD_MSG.notRemoved);
    if (!restore && comment.removed_at !== null) fail(404, COMMUNITY_MOD_MSG.commentNotFound);
    ownerId = comment.owner_id;
    targetId = comment.id;
    const row = { id: comment.id, micropostId: comment.micropost_id };
    statements = restore ? commentRestoreStatements(db, row) : commentHideStatements(db, row);
  }
  if (restore && !c.staff) {
    // Staff's own removals are theirs to undo (on appeal), not a community's.
    const decided = await staffDecided(db, targetType, targetId);
    if (decided && decided.community_id === null) fail(403, COMMUNITY_MOD_MSG.notModerator);
  }
  const entry = {
    ...log(c, user, now),
    action: restore ? ("RESTORE" as const) : ("REMOVE" as const),
    targetType: input.target_type,
    target: input.public_id,
    reason: input.reason,
  };
  const results = await db.write(
    restore
      ? [
          ...statements,
          logStatement(db, entry),
          reverseCommunityDecision(db, { targetType, targetId, communityId: c.id, now }),
        ]
      : [
          ...statements,
          logStatement(db, entry),
          ...removalRecordStatements(db, {
            userId: ownerId,
            communityId: c.id,
            targetType,
            targetId,
            reason: input.reason,
            moderator: user.username,
            now,
          }),
        ],
  );
  // The author hears of the removal: their inbox keeps the decision's card.
  const moderationId = restore ? null : removalRecorded(results[statements.length + 1]);
  if (moderationId !== null)
    await deps.events.moderated({ userId: ownerId, moderationId, text: input.reason, now });
  return { public_id: input.public_id, removed: !restore };
}

async function visiblePost(deps: Deps, c: Authority, publicId: string) {
  const post = await postInCommunity(deps.db, publicId, c.id);
  if (!post || post.is_draft === 1) fail(404, COMMUNITY_MOD_MSG.postNotFound);
  return post;
}

export async function pinPost(
  deps: Deps,
  user: AuthUser,
  input: { name: string; public_id: string; pinned: boolean },
): Promise<{ public_id: string; pinned: boolean }> {
  const c = await requireModerator(deps, user, input.name);
  const post = await visiblePost(deps, c, input.public_id);
  if (Boolean(post.is_pinned) === input.pinned) return { public_id: input.public_id, pinned: input.pinned };
  if (input.pinned && ((await pinnedCount(deps.db, c.id))?.n ?? 0) >= PINNED_MAX)
    fail(409, COMMUNITY_MOD_MSG.pinnedFull);
  const now = Date.now();
  const [changed] = await deps.db.write([
    deps.db.prepare(pinStatement(post.id, c.id, input.pinned, PINNED_MAX)),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: input.pinned ? "PIN" : "UNPIN",
      targetType: "POST",
      target: input.public_id,
      reason: "",
    }),
  ]);
  if (input.pinned && !changed?.meta.changes) fail(409, COMMUNITY_MOD_MSG.pinnedFull);
  return { public_id: input.public_id, pinned: input.pinned };
}

export async function lockPost(
  deps: Deps,
  user: AuthUser,
  input: { name: string; public_id: string; locked: boolean },
): Promise<{ public_id: string; locked: boolean }> {
  const c = await requireModerator(deps, user, input.name);
  const post = await visiblePost(deps, c, input.public_id);
  const now = Date.now();
  await deps.db.write([
    deps.db.prepare(lockStatement(post.id, input.locked, now)),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: input.locked ? "LOCK" : "UNLOCK",
      targetType: "POST",
      target: input.public_id,
      reason: "",
    }),
  ]);
  return { public_id: input.public_id, locked: input.locked };
}

// Bans

export async function banPerson(deps: Deps, user: AuthUser, input: ModBan): Promise<Ban> {
  const c = await requireModerator(deps, user, input.name);
  const person = await personByName(deps.db, input.username, c.id);
  if (!person) fail(404, COMMUNITY_MOD_MSG.personNotFound);
  if (person.role === "OWNER" || person.role === "MODERATOR" || person.id === c.owner_id)
    fail(403, COMMUNITY_MOD_MSG.cannotBanModerator);
  const now = Date.now();
  const endsAt = input.days === 0 ? null : now + input.days * DAY_MS;
  await deps.db.write([
    deps.db.prepare(
      banStatement({ communityId: c.id, userId: person.id, reason: input.reason, endsAt, by: user.id, now }),
    ),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: "BAN",
      targetType: "USER",
      target: person.username,
      reason: input.days === 0 ? input.reason : `${input.reason}${input.reason ? " " : ""}(${input.days} d)`,
    }),
  ]);
  const [ban] = (await listBans(deps, user, c.name)).list.filter((b) => b.owner.username === person.username);
  return ban!;
}

export async function liftBan(deps: Deps, user: AuthUser, input: { name: string; username: string }) {
  const c = await requireModerator(deps, user, input.name);
  const person = await personByName(deps.db, input.username, c.id);
  if (!person) fail(404, COMMUNITY_MOD_MSG.personNotFound);
  const now = Date.now();
  const [removed] = await deps.db.write([
    deps.db.prepare(unbanStatement(c.id, person.id, now)),
    logStatement(deps.db, {
      ...log(c, user, now),
      action: "UNBAN",
      targetType: "USER",
      target: person.username,
      reason: "",
    }),
  ]);
  if (!removed?.meta.changes) fail(404, COMMUNITY_MOD_MSG.notBanned);
}

export async function listBans(deps: Deps, user: AuthUser, name: string): Promise<{ list: Ban[] }> {
  // The caller's authority and the bans in one round trip; the bans only for a moderator.
  const { authority, bans: rows } = await authorityWithBans(deps.db, name, user.id, Date.now());
  mayModerate(authority, user);
  return {
    list: rows.map((raw) => ({
      owner: toOwner(rowOf(ownerWithId, raw)),
      reason: String(raw.b_reason ?? ""),
      ends_at: raw.b_ends_at === null ? null : iso(Number(raw.b_ends_at)),
      created_at: iso(Number(raw.b_created_at)),
    })),
  };
}

// The log and the queue

export async function readModLog(
  deps: Deps,
  q: { name: string; skip: number; limit: number },
): Promise<Page<ModLogEntry>> {
  // The community and the page in one round trip.
  const { community, rows, total } = await communityModLog(deps.db, q.name, q.skip, q.limit);
  if (!community) fail(404, COMMUNITY_MOD_MSG.communityNotFound);
  return toPage(
    rows.map((r) => ({
      id: r.id,
      action: r.action,
      moderator: r.moderator_username,
      target_type: r.target_type,
      target: r.target,
      reason: r.reason,
      created_at: iso(r.created_at),
    })),
    total,
    q.limit,
  );
}

export async function listCommunityReports(
  deps: Deps,
  user: AuthUser,
  q: { name: string; status: "OPEN" | "RESOLVED"; skip: number; limit: number },
): Promise<Page<ModReport>> {
  // The caller's authority, the page and its reports' words in one round trip; shown only to a moderator.
  const { authority, rows, total, texts } = await authorityWithReports(deps.db, { ...q, userId: user.id });
  const c = mayModerate(authority, user);
  const postLink = (r: { post_public_id: string; slug: string }) =>
    `/c/${encodeURIComponent(c.name)}/p/${r.post_public_id}/${r.slug}`;
  return toPage(
    rows.map((r) => ({
      id: r.id,
      status: r.status,
      target_type: r.target_type === "MICROPOST" ? "POST" : "COMMENT",
      public_id: r.public_id,
      excerpt: String(r.excerpt ?? "")
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
      link: r.target_type === "MICROPOST" ? postLink(r) : `${postLink(r)}?comment=${r.public_id}`,
      removed: Boolean(r.removed),
      author: r.author,
      total_reports: r.total_reports,
      reports: texts
        .filter((t) => t.group_id === r.id)
        .slice(0, 5)
        .map((t) => ({ report_cause: t.report_cause, text: t.text, rule: t.rule })),
      updated_at: iso(r.updated_at),
    })),
    total,
    q.limit,
  );
}

// Flairs

const toFlair = (f: { id: number; name: string; colour: string }): Flair => ({
  id: f.id,
  name: f.name,
  colour: f.colour,
});

export async function listFlairs(deps: Deps, name: string): Promise<{ list: Flair[] }> {
  const { community, rows } = await communityFlairs(deps.db, name);
  if (!community) fail(404, COMMUNITY_MOD_MSG.communityNotFound);
  return { list: rows.map(toFlair) };
}

export async function createFlair(
  deps: Deps,
  user: AuthUser,
  input: { name: string; flair_name: string; colour: string },
): Promise<Flair> {
  const c = await requireModerator(deps, user, input.name);
  const flairs = await flairsOf(deps.db, c.id);
  if (flairs.length >= FLAIRS_MAX) fail(409, COMMUNITY_MOD_MSG.flairsFull);
  if (flairs.some((f) => f.name.toLowerCase() === input.flair_name.toLowerCase()))
    fail(409, COMMUNITY_MOD_MSG.flairTaken, { field: "flair_name" });
  const [made] = await deps.db.write([
    deps.db.prepare(flairInsertStatement(c.id, input.flair_name, input.colour, FLAIRS_MAX)),
  ]);
  const row = made?.results[0] as { id: number; name: string; colour: string } | undefined;
  if (!row) fail(409, COMMUNITY_MOD_MSG.flairsFull);
  return toFlair(row);
}

async function flairToKeep(deps: Deps, user: AuthUser, id: number) {
  const flair = await flairById(deps.db, id);
  if (!flair) fail(404, COMMUNITY_MOD_MSG.flairNotFound);
  await requireModerator(deps, user, flair.community);
  return flair;
}

export async function editFlair(
  deps: Deps,
  user: AuthUser,
  input: { id: number; flair_name?: string; colour?: string },
): Promise<Flair> {
  const flair = await flairToKeep(deps, user, input.id);
  const name = input.flair_name ?? flair.name;
  if (name.toLowerCase() !== flair.name.toLowerCase()) {
    const others = await flairsOf(deps.db, flair.community_id);
    if (others.some((f) => f.name.toLowerCase() === name.toLowerCase()))
      fail(409, COMMUNITY_MOD_MSG.flairTaken, { field: "flair_name" });
  }
  const colour = input.colour ?? flair.colour;
  await deps.db.write([deps.db.prepare(flairUpdateStatement(flair.id, name, colour))]);
  return toFlair({ id: flair.id, name, colour });
}

export async function deleteFlair(deps: Deps, user: AuthUser, input: { id: number }): Promise<void> {
  const flair = await flairToKeep(deps, user, input.id);
  await deps.db.write([...flairDeleteStatements(flair.id).map((statement) => deps.db.prepare(statement))]);
}
