import type { Database } from "#worker/db/database.ts";
import { mutedWords } from "#worker/db/schema/index.ts";
import { columnsOf } from "#worker/db/sql.ts";

// Every read and write of muted phrases. A person's phrases are few (at most MUTED_WORDS_MAX) and
// read whole through the owner index.

export { type MutedWordRow, mutedWordsOf } from "#worker/lib/muted-word-queries.ts";

const _COLUMNS = columnsOf(mutedWords, "w");

/**
 * A new phrase, only while the person has fewer than `max` (checked inside the insert, so two at
 * once cannot pass the limit). Answers the new id, or null when the limit was reached.
 */
export async function insertMutedWord(
  db: Database,
  row: { userId: number; phrase: string; wholeWord: boolean; contexts: string; expiresAt: number | null },
  max: number,
): Promise<number | null> {
  const [result] = await db.write([
    db.prepare({
      sql: `INSERT INTO muted_words (user_id, phrase, whole_word, contexts, expires_at, created_at)
        SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM muted_words WHERE user_id = ?1) < ?7
        RETURNING id`,
      binds: [row.userId, row.phrase, row.wholeWord ? 1 : 0, row.contexts, row.expiresAt, Date.now(), max],
    }),
  ]);
  const inserted = result?.results[0] as { id: number } | undefined;
  return inserted?.id ?? null;
}

/** Removes one of the person's phrases; answers whether there was one. */
export async function deleteMutedWord(db: Database, userId: number, id: number): Promise<boolean> {
  const [result] = await db.write([
    db.prepare({ sql: "DELETE FROM muted_words WHERE id = ?1 AND user_id = ?2", binds: [id, userId] }),
  ]);
  return (result?.meta.changes ?? 0) > 0;
}
