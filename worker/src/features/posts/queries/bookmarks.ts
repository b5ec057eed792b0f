import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { micropostBookmarks, microposts } from "#worker/db/schema/index.ts";
import { aliased, nameOf, sqlText } from "#worker/db/sql.ts";
import { visiblePostIdSql, visiblePostSql } from "#worker/lib/post-visibility-queries.ts";

// Bookmarks: statements with numbered binds (`?1`), as the visibility condition they carry is.

const mb = micropostBookmarks;
/** The post by its public id (?1). */
const POST_ID = sql`(SELECT ${microposts.id} FROM ${microposts} WHERE ${microposts.publicId} = ?1)`;
/** This person's (?2) bookmark of the post named ?1. */
const MINE = sql`${mb.userId} = ?2 AND ${mb.micropostId} = ${POST_ID}`;
const SAVE =
  sqlText(sql`INSERT INTO ${mb} (${nameOf(mb.userId)}, ${nameOf(mb.micropostId)}, ${nameOf(mb.createdAt)})
  SELECT ?2, ${POST_ID}, ?3 WHERE ${sql.raw(visiblePostIdSql(sqlText(POST_ID)))}
  ON CONFLICT (${nameOf(mb.userId)}, ${nameOf(mb.micropostId)}) DO UPDATE SET ${nameOf(mb.createdAt)} = -1`);
const UNSAVE_MARKED = sqlText(sql`DELETE FROM ${mb} WHERE ${MINE} AND ${mb.createdAt} = -1`);
/** Whether it is saved now; no row when the post is not there to save (a draft, hidden, gone). */
const SAVED = sqlText(
  sql`SELECT EXISTS (SELECT 1 FROM ${mb} WHERE ${MINE}) AS saved FROM ${microposts}
    WHERE ${microposts.publicId} = ?1 AND ${sql.raw(visiblePostSql(sqlText(sql`${microposts}`)))}`,
);
const [b, bFrom] = aliased(micropostBookmarks, "b");
/** Someone's (?1) saved posts that are still visible. */
const SAVED_VISIBLE = sql`${bFrom} WHERE ${b.userId} = ?1 AND ${sql.raw(visiblePostIdSql(sqlText(sql`${b.micropostId}`)))}`;
const SAVED_PAGE = sqlText(sql`SELECT ${b.micropostId} AS micropost_id FROM ${SAVED_VISIBLE}
  ORDER BY ${b.createdAt} DESC, ${sql.raw('"b".rowid')} DESC LIMIT ?2 OFFSET ?3`);
const SAVED_COUNT = sqlText(sql`SELECT count(*) AS n FROM ${SAVED_VISIBLE}`);

/**
 * Saves or unsaves a published post, by its public id, for this person in one batch, decided inside
 * it (as votes are): an existing bookmark is marked and removed, a missing one goes in. Answers
 * whether it is saved after it, or undefined when there is no such post to save.
 */
export async function toggleBookmarkRow(
  db: Database,
  postPublicId: string,
  userId: number,
): Promise<boolean | undefined> {
  const results = await db.write([
    db.prepare({ sql: SAVE, binds: [postPublicId, userId, Date.now()] }),
    db.prepare({ sql: UNSAVE_MARKED, binds: [postPublicId, userId] }),
    db.prepare({ sql: SAVED, binds: [postPublicId, userId] }),
  ]);
  const row = results[2]?.results[0] as { saved: number } | undefined;
  return row ? Boolean(row.saved) : undefined;
}

/** The ids of a page of someone's saved posts, newest saved first, and how many they saved. */
export async function bookmarkPostIds(
  db: Database,
  userId: number,
  q: { skip: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  // A saved post that is hidden now (removed by staff) is neither listed nor counted; it comes back
  // to the list if it is restored.
  const [rows, count] = await db.batch<[{ micropost_id: number }, { n: number }]>([
    { sql: SAVED_PAGE, binds: [userId, q.limit, q.skip], isList: true },
    { sql: SAVED_COUNT, binds: [userId] },
  ]);
  return { ids: rows.map((r) => r.micropost_id), total: count[0]?.n ?? 0 };
}
