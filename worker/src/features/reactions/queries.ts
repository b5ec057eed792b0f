import type { Reaction, ReactionTarget } from "#shared/schemas/reactions.ts";
import type { Database } from "#worker/db/database.ts";
import { columnsOf, rowOf, type Statement } from "#worker/db/sql.ts";
import { BLOCK_COLUMNS_SQL } from "#worker/lib/block-queries.ts";
import type { OwnerRow } from "#worker/lib/owners.ts";
import { ownerColumns } from "#worker/lib/owners.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";
import { type Counters, readCounted } from "#worker/lib/rate-limits.ts";
import { reactionKey, reactionLookupSql, reactionMap } from "#worker/lib/reaction-queries.ts";

// The SQL of reactions (docs/decisions/140): what a reaction names, as the person acting may see
// it; the row itself (the triggers of migration `reaction_counts` move the counts with it); who
// reacted.

/** What a reaction names, found for the person acting. */
export interface ReactionTargetRow {
  /** The post's or comment's id, or the chat thread's. */
  targetId: number;
  /** The item's author (a chat message's is known once its thread's object is asked). */
  ownerId: number;
  /** The item's community's own palette (JSON), null for the default one. */
  palette: string | null;
  /** The post the item is or hangs from. */
  post: { publicId: string; slug: string; title: string; communityName: string } | null;
  /** A comment's body (for a notification's excerpt). */
  body: string | null;
  /** The item's author blocked the person acting / the person blocked the author. */
  blocking: boolean;
  blocked: boolean;
}

interface TargetRaw {
  target_id: number;
  owner_id: number;
  palette: string | null;
  post_public_id: string | null;
  slug: string | null;
  title: string | null;
  community_name: string | null;
  body: string | null;
  blocking: number;
  blocked: number;
}

const blocksOf = (owner: string) => BLOCK_COLUMNS_SQL(owner, "?2");

/**
 * The statement that finds a post (visible) or a comment (not deleted, on a visible post) by its
 * public id (?1) for the person ?2, or the chat thread ?1 while ?2 takes part in it.
 */
function targetStatement(type: ReactionTarget, publicId: string, userId: number): Statement {
  const binds = [publicId, userId];
  if (type === "POST")
    return {
      sql: `SELECT m.id AS target_id, m.owner_id, c.reaction_palette AS palette, m.public_id AS post_public_id,
          m.slug, m.title, c.name AS community_name, NULL AS body, ${blocksOf("m.owner_id")}
        FROM microposts m JOIN communities c ON c.id = m.community_id
        WHERE m.public_id = ?1 AND ${visiblePostSql("m")}`,
      binds,
    };
  if (type === "COMMENT")
    return {
      sql: `SELECT k.id AS target_id, k.owner_id, c.reaction_palette AS palette, m.public_id AS post_public_id,
          m.slug, m.title, c.name AS community_name, k.body, ${blocksOf("k.owner_id")}
        FROM comments k JOIN microposts m ON m.id = k.micropost_id JOIN communities c ON c.id = m.community_id
        WHERE k.public_id = ?1 AND k.is_deleted = 0 AND ${visiblePostSql("m")}`,
      binds,
    };
  return {
    sql: `SELECT t.id AS target_id, 0 AS owner_id, NULL AS palette, NULL AS post_public_id, NULL AS slug,
        NULL AS title, NULL AS community_name, NULL AS body, 0 AS blocking, 0 AS blocked
      FROM chat_threads t JOIN chat_thread_users me ON me.thread_id = t.id AND me.user_id = ?2
      WHERE t.public_id = ?1`,
    binds,
  };
}

function toTarget(raw: TargetRaw | undefined): ReactionTargetRow | null {
  if (!raw) return null;
  return {
    targetId: Number(raw.target_id),
    ownerId: Number(raw.owner_id),
    palette: raw.palette,
    post:
      raw.post_public_id === null
        ? null
        : {
            publicId: raw.post_public_id,
            slug: raw.slug ?? "",
            title: raw.title ?? "",
            communityName: raw.community_name ?? "",
          },
    body: raw.body,
    blocking: raw.blocking === 1,
    blocked: raw.blocked === 1,
  };
}

/** What a reaction names, with the action's limits counted in the same round trip (`limits`). */
export async function findTarget(
  db: Database,
  type: ReactionTarget,
  publicId: string,
  userId: number,
  limits?: Counters,
): Promise<ReactionTargetRow | null> {
  const [[raw]] = await readCounted<[TargetRaw]>(db, limits, [targetStatement(type, publicId, userId)]);
  return toTarget(raw);
}

/** One reaction, as its row's key. */
export interface ReactionKey {
  type: ReactionTarget;
  targetId: number;
  messageId: number;
  userId: number;
  emoji: string;
}

const keyBinds = (k: ReactionKey) => [k.type, k.targetId, k.messageId, k.userId, k.emoji];

/** Adds the reaction unless it is there (its count moves in the same statement, by trigger). */
export function addStatement(db: Database, k: ReactionKey, now: number): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO reactions (target_type, target_id, message_id, user_id, emoji, created_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING`,
    binds: [...keyBinds(k), now],
  });
}

/** Takes the reaction back if it is there. */
export function removeStatement(db: Database, k: ReactionKey): D1PreparedStatement {
  return db.prepare({
    sql: `DELETE FROM reactions WHERE target_type = ?1 AND target_id = ?2 AND message_id = ?3
            AND user_id = ?4 AND emoji = ?5`,
    binds: keyBinds(k),
  });
}

/** The item's reactions as the person sees them, read in the batch that changed them. */
export function itemReactionsStatement(db: Database, k: ReactionKey): D1PreparedStatement {
  const messages = k.type === "MESSAGE" ? String(Math.trunc(k.messageId)) : undefined;
  return db.prepare({ sql: reactionLookupSql(k.type, String(Math.trunc(k.targetId)), k.userId, messages) });
}

export function itemReactions(result: D1Result | undefined, k: ReactionKey): Reaction[] {
  return reactionMap((result?.results ?? []) as object[]).get(reactionKey(k.targetId, k.messageId)) ?? [];
}

/**
 * The members of the chat thread ?1 who blocked the person ?2: their sockets do not hear of that
 * person's reactions, which their counts leave out (docs/decisions/140).
 */
export function blockersInThreadStatement(
  db: Database,
  threadId: number,
  userId: number,
): D1PreparedStatement {
  return db.prepare({
    sql: `SELECT b.blocker_id FROM blocks b
            JOIN chat_thread_users p ON p.user_id = b.blocker_id AND p.thread_id = ?1 AND p.left_at IS NULL
           WHERE b.blocked_id = ?2`,
    binds: [threadId, userId],
  });
}

export function blockerIds(result: D1Result | undefined): number[] {
  return ((result?.results ?? []) as Array<{ blocker_id: number }>).map((r) => Number(r.blocker_id));
}

/**
 * `onlyIf` of a REACTION notification: the statement before it added a reaction (SQLite's
 * `changes()`), and the person has had none about the same item (`link`, ?4) in the last hour (?6
 * is the batch's `now`) still in D1 from before their inbox kept them (docs/decisions/223; the
 * inbox applies the same hour to its own).
 */
export const REACTION_NOTICE_DUE = `changes() > 0 AND NOT EXISTS (SELECT 1 FROM notifications
  WHERE user_id = ?1 AND kind = ?2 AND link IS ?4 AND created_at > ?6 - 3600000)`;

/**
 * The item a reactor list names (`findTarget`, for the viewer) and who reacted to it with one
 * emoji, newest first, leaving out people the viewer blocked, with their total: one round trip
 * (the page finds the item by the same statement). `target` null: no such item for the viewer.
 */
export async function targetWithReactors(
  db: Database,
  q: { type: ReactionTarget; publicId: string; messageId: number; emoji: string },
  viewerId: number | null,
  page: { skip: number; limit: number },
): Promise<{
  target: ReactionTargetRow | null;
  rows: Array<{ owner: OwnerRow; createdAt: number }>;
  total: number;
}> {
  const target = targetStatement(q.type, q.publicId, viewerId ?? 0);
  // ?1 and ?2 are the target statement's (the public id, the viewer).
  const where = `r.target_type = ?3 AND r.target_id = (SELECT target_id FROM (${target.sql}))
    AND r.message_id = ?4 AND r.emoji = ?5
    AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ?2 AND b.blocked_id = r.user_id)`;
  const binds = [...(target.binds ?? []), q.type, q.messageId, q.emoji];
  const [[found], rows, count] = await db.batch<[TargetRaw, Record<string, unknown>, { n: number }]>([
    target,
    {
      sql: `SELECT ${columnsOf(ownerColumns, "u")}, r.created_at AS reacted_at
            FROM reactions r JOIN users u ON u.id = r.user_id
            WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ?6 OFFSET ?7`,
      binds: [...binds, page.limit, page.skip],
      isList: true,
    },
    { sql: `SELECT count(*) AS n FROM reactions r WHERE ${where}`, binds },
  ]);
  return {
    target: toTarget(found),
    rows: rows.map((raw) => ({ owner: rowOf(ownerColumns, raw), createdAt: Number(raw.reacted_at) })),
    total: Number(count[0]?.n ?? 0),
  };
}
