// The statements the socket objects run on their own SQLite storage (not D1): when the sessions
// were last read again (`session_check`), the one-use socket tokens spent (`used_tokens`), and the
// frame ring (`frames`, numbered by the object's one-row table, `inbox` or `post`).

/** A kept frame as read back for a RESUME (an object's `frames` table may have more columns). */
export type KeptFrame = { data: string } & Record<string, SqlStorageValue>;

/** The object's one-row table that numbers its frames. */
export type RingTable = "inbox" | "post";

/** Runs a statement on `session_check`, made first when missing (new, or wiped with the rest). */
function onSessionCheck(sql: SqlStorage, query: string, ...binds: SqlStorageValue[]) {
  try {
    return sql.exec(query, ...binds).toArray();
  } catch {
    sql.exec(
      "CREATE TABLE IF NOT EXISTS session_check (one INTEGER PRIMARY KEY CHECK (one = 1), at INTEGER NOT NULL)",
    );
    return sql.exec(query, ...binds).toArray();
  }
}

/** When the sessions were last read again (ms), 0 when never. */
export function sessionCheckedAt(sql: SqlStorage): number {
  return Number(onSessionCheck(sql, "SELECT at FROM session_check")[0]?.at ?? 0);
}

export function setSessionCheckedAt(sql: SqlStorage, at: number): void {
  onSessionCheck(
    sql,
    "INSERT INTO session_check (one, at) VALUES (1, ?1) ON CONFLICT (one) DO UPDATE SET at = ?1",
    at,
  );
}

export function forgetSessionCheck(sql: SqlStorage): void {
  onSessionCheck(sql, "DELETE FROM session_check");
}

/** Records a token id until `expiresAt`, dropping expired ones; false when it was recorded before. */
export function spendToken(sql: SqlStorage, jti: string, expiresAt: number, now: number): boolean {
  sql.exec("DELETE FROM used_tokens WHERE expires_at < ?", now);
  const fresh = sql
    .exec(
      "INSERT INTO used_tokens (jti, expires_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING RETURNING jti",
      jti,
      expiresAt,
    )
    .toArray();
  return fresh.length === 1;
}

/** The newest frame's seq, and the seq below which resuming asks for RESYNC. */
export function ringState(sql: SqlStorage, table: RingTable): { seq: number; resyncBelow: number } {
  const row = sql.exec(`SELECT seq, resync_below FROM ${table}`).toArray()[0];
  return { seq: Number(row?.seq ?? 0), resyncBelow: Number(row?.resync_below ?? 0) };
}

/** When the last tab left (ms), 0 while one is open. */
export function setRingGoneAt(sql: SqlStorage, table: RingTable, at: number): void {
  sql.exec(`UPDATE ${table} SET gone_at = ?`, at);
}

/** Events nobody can be listening to were skipped: the seq moves past them and below it is RESYNC. */
export function skipRing(sql: SqlStorage, table: RingTable): void {
  sql.exec(`UPDATE ${table} SET seq = seq + 1, resync_below = seq + 1`);
}

/** `seq` is the newest; frames `keep` or more behind it are dropped. */
export function advanceRing(sql: SqlStorage, table: RingTable, seq: number, keep: number): void {
  sql.exec(`UPDATE ${table} SET seq = ?`, seq);
  sql.exec("DELETE FROM frames WHERE seq <= ?", seq - keep);
}

/** The oldest kept frame's seq, or `fallback` when none is kept. */
export function oldestFrameSeq(sql: SqlStorage, fallback: number): number {
  return Number(sql.exec("SELECT min(seq) AS s FROM frames").one().s ?? fallback);
}

/** The kept frames after `after`, oldest first. */
export function framesAfter(sql: SqlStorage, after: number): Iterable<KeptFrame> {
  return sql.exec<KeptFrame>("SELECT * FROM frames WHERE seq > ? ORDER BY seq", after);
}
