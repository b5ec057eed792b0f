import type { Database } from "#worker/db/database.ts";
import { mutedWords } from "#worker/db/schema/index.ts";
import { columnsOf, rowOf } from "#worker/db/sql.ts";

// A person's muted phrases as every list that hides them reads them (mutes.ts); their list and its
// changes are the muted-words feature's.

export type MutedWordRow = typeof mutedWords.$inferSelect;

const COLUMNS = columnsOf(mutedWords, "w");

/** The person's phrases, newest first; `activeAt` leaves out the ones expired by then. */
export async function mutedWordsOf(db: Database, userId: number, activeAt?: number): Promise<MutedWordRow[]> {
  const rows = await db.all({
    sql: `SELECT ${COLUMNS} FROM muted_words w WHERE w.user_id = ?1${
      activeAt === undefined ? "" : " AND (w.expires_at IS NULL OR w.expires_at > ?2)"
    } ORDER BY w.id DESC`,
    binds: activeAt === undefined ? [userId] : [userId, activeAt],
  });
  return rows.map((raw) => rowOf(mutedWords, raw));
}
