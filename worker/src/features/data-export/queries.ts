import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { chatThreads, chatThreadUsers, dataExports } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf, type Statement, statement } from "#worker/db/sql.ts";
import { linkedPostNotHiddenSql, visiblePostSql } from "#worker/lib/post-visibility-queries.ts";

// Every read and write of data archives, and the reads that gather what goes into one. Each
// gathering read names its columns: secrets (password hashes, token versions, Google ids, wallet
// keys, provider references) are never selected, so they cannot reach an archive.

export type ExportRow = typeof dataExports.$inferSelect;

const COLUMNS = columnsOf(dataExports, "e");

/** The person's newest archive. */
export async function latestExport(db: Database, userId: number): Promise<ExportRow | null> {
  const raw = await db.first({
    sql: `SELECT ${COLUMNS} FROM data_exports e WHERE e.user_id = ?1 ORDER BY e.created_at DESC, e.id DESC LIMIT 1`,
    binds: [userId],
  });
  return raw ? rowOf(dataExports, raw) : null;
}

export async function findExport(db: Database, id: number): Promise<ExportRow | null> {
  const raw = await db.first({ sql: `SELECT ${COLUMNS} FROM data_exports e WHERE e.id = ?1`, binds: [id] });
  return raw ? rowOf(dataExports, raw) : null;
}

/**
 * A new PENDING archive, only when the person has none pending or made since `since` (checked in
 * the insert, so two requests at once make one). Answers its id, or null when refused.
 */
export async function insertExport(db: Database, userId: number, now: number, since: number) {
  const [result] = await db.write([
    db.prepare({
      sql: `INSERT INTO data_exports (user_id, status, created_at)
        SELECT ?1, 'PENDING', ?2 WHERE NOT EXISTS (SELECT 1 FROM data_exports
          WHERE user_id = ?1 AND status != 'FAILED' AND (status = 'PENDING' OR created_at > ?3))
        RETURNING id`,
      binds: [userId, now, since],
    }),
  ]);
  return (result?.results[0] as { id: number } | undefined)?.id ?? null;
}

/** PENDING becomes READY with its object; answers whether this call made it so (once only). */
export async function markReady(db: Database, id: number, key: string, now: number, keepMs: number) {
  const [result] = await db.write([
    db.prepare({
      sql: `UPDATE data_exports SET status = 'READY', object_key = ?2, ready_at = ?3, expires_at = ?4
        WHERE id = ?1 AND status = 'PENDING'`,
      binds: [id, key, now, now + keepMs],
    }),
  ]);
  return (result?.meta.changes ?? 0) > 0;
}

export async function markFailed(db: Database, id: number) {
  await db.write([
    db.prepare({
      sql: "UPDATE data_exports SET status = 'FAILED' WHERE id = ?1 AND status = 'PENDING'",
      binds: [id],
    }),
  ]);
}

/** Ready archives past their time that still hold an object (a bounded batch). */
export async function expiredExports(db: Database, now: number, limit: number) {
  return db.all<{ id: number; object_key: string }>({
    sql: `SELECT id, object_key FROM data_exports WHERE status = 'READY' AND expires_at <= ?1
      AND object_key IS NOT NULL LIMIT ?2`,
    binds: [now, limit],
  });
}

export async function forgetObject(db: Database, id: number) {
  await db.write([
    db.prepare({ sql: "UPDATE data_exports SET object_key = NULL WHERE id = ?1", binds: [id] }),
  ]);
}

/**
 * A post the person may find in their own archive: their own (even hidden: it is their content) or
 * one anyone may see (docs/decisions/135). Others' hidden posts never appear, not even by address.
 */
const ownOrVisible = `(m.owner_id = ?1 OR ${visiblePostSql("m")})`;

/** The files of an archive, each the SQL that fills it; ?1 is the person's id. */
export const ARCHIVE_FILES: Record<string, Statement> = {
  "profile.json": {
    sql: `SELECT username, email, profile_name, profile_image, profile_cover, status, is_verified_user,
        is_verified_business, job_title, job_skills, total_followers, total_following, total_microposts,
        created_at, confirmed_at FROM users WHERE id = ?1`,
  },
  "settings.json": {
    sql: `SELECT default_micropost_sort, notify_referral, notify_follower, notify_mention, notify_comment,
        notify_community, notify_upvote, allow_new_chat, newsletter, use_night_mode, service_provider,
        show_blocked_list, require_alt_text, show_online FROM users WHERE id = ?1`,
  },
  "muted-words.json": {
    sql: "SELECT phrase, whole_word, contexts, expires_at, created_at FROM muted_words WHERE user_id = ?1 ORDER BY id",
  },
  "posts.json": {
    sql: `SELECT m.public_id, c.name AS community, m.title, m.body, m.post_type, m.total_votes,
        m.total_comments, m.published_at, m.updated_at FROM microposts m JOIN communities c ON c.id = m.community_id
        WHERE m.owner_id = ?1 AND ${visiblePostSql("m")} ORDER BY m.id`,
  },
  "drafts.json": {
    sql: `SELECT m.public_id, m.community_id, m.title, m.body, m.post_type, m.created_at, m.updated_at
        FROM microposts m WHERE m.owner_id = ?1 AND m.is_draft = 1 ORDER BY m.id`,
  },
  "comments.json": {
    sql: `SELECT c.public_id, CASE WHEN ${ownOrVisible} THEN m.public_id END AS post_public_id, c.body, c.depth,
        c.created_at, c.updated_at
        FROM comments c JOIN microposts m ON m.id = c.micropost_id
        WHERE c.owner_id = ?1 AND c.is_deleted = 0 ORDER BY c.id`,
  },
  "votes.json": {
    sql: `SELECT m.public_id AS post_public_id, v.created_at FROM micropost_votes v
        JOIN microposts m ON m.id = v.micropost_id WHERE v.user_id = ?1 AND ${ownOrVisible} ORDER BY v.created_at`,
  },
  "following.json": {
    sql: `SELECT u.username, f.created_at FROM follows f JOIN users u ON u.id = f.followee_id
        WHERE f.follower_id = ?1 ORDER BY f.created_at`,
  },
  "followers.json": {
    sql: `SELECT u.username, f.created_at FROM follows f JOIN users u ON u.id = f.follower_id
        WHERE f.followee_id = ?1 ORDER BY f.created_at`,
  },
  "blocks.json": {
    sql: `SELECT u.username, b.created_at FROM blocks b JOIN users u ON u.id = b.blocked_id
        WHERE b.blocker_id = ?1 ORDER BY b.created_at`,
  },
  "communities.json": {
    sql: `SELECT c.name, c.display_name, cm.role, cm.created_at AS joined_at FROM community_members cm
        JOIN communities c ON c.id = cm.community_id WHERE cm.user_id = ?1 ORDER BY cm.created_at`,
  },
  "notifications.json": {
    sql: `SELECT n.kind, u.username AS actor, n.link, n.text, n.is_read, n.created_at FROM notifications n
        LEFT JOIN users u ON u.id = n.actor_id
        WHERE n.user_id = ?1 AND (n.kind = 'MODERATION' OR ${linkedPostNotHiddenSql("n.link")}) ORDER BY n.id`,
  },
  "jobs.json": {
    sql: `SELECT slug, title, description, location, job_type, job_category, work_mode, experience_level,
        minimum_salary, maximum_salary, how_to_apply, skills, status, expires_at, created_at
        FROM jobs WHERE owner_id = ?1 ORDER BY id`,
  },
  "services.json": {
    sql: `SELECT slug, title, description, category, price, delivery_days, images, skills, created_at
        FROM services WHERE owner_id = ?1 ORDER BY id`,
  },
  "payments.json": {
    sql: `SELECT public_id, CASE WHEN payer_id = ?1 THEN 'PAID' ELSE 'RECEIVED' END AS direction,
        payment_method, payment_type, status, amount, currency, created_at
        FROM payments WHERE payer_id = ?1 OR receiver_id = ?1 ORDER BY id`,
  },
};

/**
 * For the notices the person's inbox keeps (docs/decisions/210): their actors' usernames, and the
 * links that lead to a post nobody may see now.
 */
export async function noticeLookups(db: Database, actorIds: number[], links: string[]) {
  const [actors, hidden] = await db.batch<[{ id: number; username: string }, { link: string }]>([
    {
      sql: "SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(?1))",
      binds: [JSON.stringify(actorIds)],
    },
    {
      sql: `SELECT l.value AS link FROM json_each(?1) l WHERE NOT (${linkedPostNotHiddenSql("l.value")})`,
      binds: [JSON.stringify(links)],
    },
  ]);
  return {
    usernames: new Map(actors.map((a) => [Number(a.id), a.username])),
    hidden: new Set(hidden.map((h) => h.link)),
  };
}

/** The person's chat threads (messages live in each thread's Durable Object). */
export async function threadsOf(db: Database, userId: number) {
  const t = chatThreads;
  const me = chatThreadUsers;
  return db.all<{ id: number; public_id: string; created_at: number }>(
    statement(sql`SELECT ${t.id} AS id, ${t.publicId} AS public_id, ${t.createdAt} AS created_at
      FROM ${me} JOIN ${t} ON ${t.id} = ${me.threadId} WHERE ${me.userId} = ${userId} ORDER BY ${t.id}`),
  );
}

/** The files the person uploaded, by their R2 keys. */
export async function uploadsOf(db: Database, userId: number) {
  return db.all<{ key: string; size: number }>({
    sql: "SELECT key, size FROM uploads WHERE owner_id = ?1 ORDER BY id",
    binds: [userId],
  });
}

export async function emailOf(db: Database, userId: number) {
  return db.first<{ email: string; username: string }>({
    sql: "SELECT email, username FROM users WHERE id = ?1 AND deleted_at IS NULL",
    binds: [userId],
  });
}
