import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { chatThreads, chatThreadUsers } from "#worker/db/schema/index.ts";
import { statement } from "#worker/db/sql.ts";
import { visiblePostSql } from "#worker/lib/post-visibility-queries.ts";
import { LIVE_ACCOUNT_SQL } from "#worker/lib/sessions.ts";

// Every read the media route makes: who may fetch a private file, and whether a post's file belongs
// to a post nobody else may see.

/** The token version of a live account of that kind, to check a token against. */
export async function liveTokenVersion(
  db: Database,
  kind: "user" | "admin",
  id: number,
): Promise<number | null> {
  const row =
    kind === "user"
      ? await db.first<{ v: number }>({
          sql: `SELECT token_version AS v FROM users WHERE id = ?1 AND ${LIVE_ACCOUNT_SQL}`,
          binds: [id],
        })
      : await db.first<{ v: number }>({
          sql: "SELECT token_version AS v FROM admins WHERE id = ?1",
          binds: [id],
        });
  return row?.v ?? null;
}

/** Whether the person takes part in the chat thread. */
export async function inThread(db: Database, threadPublicId: string, userId: number): Promise<boolean> {
  const p = chatThreadUsers;
  const t = chatThreads;
  const row = await db.first(
    statement(sql`SELECT 1 AS hit FROM ${p} JOIN ${t} ON ${t.id} = ${p.threadId}
      WHERE ${t.publicId} = ${threadPublicId} AND ${p.userId} = ${userId}`),
  );
  return row !== null;
}

/** Whether the résumé stored at `key` is the person's. */
export async function ownsResume(db: Database, key: string, userId: number): Promise<boolean> {
  const row = await db.first({
    sql: "SELECT 1 AS hit FROM resumes WHERE key = ?1 AND user_id = ?2",
    binds: [key, userId],
  });
  return row !== null;
}

/**
 * The author of the post a stored file (`posts/…`) belongs to, when that post is hidden (a draft,
 * or removed by staff: lib/post-visibility-queries.ts); null when the file belongs to a visible post
 * or to none. Read through the upload's owner, whose posts the owner index finds.
 */
export async function hiddenPostFileAuthor(db: Database, key: string): Promise<number | null> {
  const row = await db.first<{ owner: number }>({
    sql: `SELECT vp.owner_id AS owner FROM uploads u
            JOIN microposts vp ON vp.owner_id = u.owner_id AND NOT (${visiblePostSql("vp")})
            JOIN micropost_files vf ON vf.micropost_id = vp.id AND vf.file = '/media/' || u.key
           WHERE u.key = ?1 LIMIT 1`,
    binds: [key],
  });
  return row ? Number(row.owner) : null;
}
