// The statements the two live objects run on their own SQLite storage (not D1): a person's inbox
// (its state, presence and the posts whose sockets it opened) and a post's watchers. Their frame
// ring's own statements are in lib/sockets/storage-queries.ts.

import type { NewNotice, NoticeRow } from "#worker/lib/inbox-notices.ts";

// ----- A person's inbox -----

/**
 * The inbox's tables as this code makes them: a higher number runs `makeInboxTables`' statements
 * again on an inbox made before (2: `notices.moderation_id`; 3: `notices` without AUTOINCREMENT or
 * the `(is_read, created_at, id)` index, docs/decisions/254).
 */
const INBOX_SCHEMA = 3;

/** The columns of a notice as `toNotice` reads them. */
const NOTICE_COLUMNS = "id, kind, actor_id, link, text, is_read, created_at, moderation_id";

/**
 * A notice's row. Its id is the rowid, with no AUTOINCREMENT (docs/decisions/254): a notice leaves
 * only with all of them, so an id is never given twice, and keeping a notice writes no
 * `sqlite_sequence` page.
 */
const NOTICES_TABLE = `
  id INTEGER PRIMARY KEY,
  notice_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  actor_id INTEGER,
  link TEXT,
  text TEXT,
  is_read INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  moderation_id INTEGER`;

/** The schema an inbox was made with: 0 for one made before the number was kept, or a new one. */
function inboxSchema(sql: SqlStorage): number {
  try {
    return Number(sql.exec("SELECT version FROM inbox_schema").toArray()[0]?.version ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The inbox's tables, made when missing. An inbox that already has them answers one statement: a
 * sleeping inbox woken for each notice would otherwise run every CREATE again.
 */
export function makeInboxTables(sql: SqlStorage): void {
  if (inboxSchema(sql) >= INBOX_SCHEMA) return;
  sql.exec(`
    CREATE TABLE IF NOT EXISTS inbox (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      owner_id INTEGER NOT NULL,
      seq INTEGER NOT NULL DEFAULT 0,
      -- A RESUME after a seq below this one is answered RESYNC: events were not kept.
      resync_below INTEGER NOT NULL DEFAULT 0,
      -- When the last tab left (ms), or 0 while one is open.
      gone_at INTEGER NOT NULL DEFAULT 0,
      below_version INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS frames (seq INTEGER PRIMARY KEY, data TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS used_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
    -- Presence: whether partners were told the owner is online (announced), whether the owner
    -- shows being online (as last read from D1), and the partners known to be online now.
    CREATE TABLE IF NOT EXISTS presence_self (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      announced INTEGER NOT NULL DEFAULT 0,
      shows INTEGER NOT NULL DEFAULT 1,
      username TEXT
    );
    INSERT OR IGNORE INTO presence_self (one) VALUES (1);
    CREATE TABLE IF NOT EXISTS partners_online (partner_id INTEGER PRIMARY KEY, username TEXT NOT NULL);
    -- The posts whose sockets the owner opened lately (ms): told when the owner's sessions end.
    CREATE TABLE IF NOT EXISTS watched_posts (public_id TEXT PRIMARY KEY, opened_at INTEGER NOT NULL);
    -- The owner's notifications of social writes (docs/decisions/210): notice_key is the cause's
    -- idempotency key, so a notice delivered twice (the queue's retry) is kept once.
    CREATE TABLE IF NOT EXISTS notices (${NOTICES_TABLE});
  `);
  // A moderation notice names its decision (docs/decisions/231); inboxes made before keep theirs.
  if (!sql.exec("SELECT 1 FROM pragma_table_info('notices') WHERE name = 'moderation_id'").toArray().length)
    sql.exec("ALTER TABLE notices ADD COLUMN moderation_id INTEGER");
  // Inboxes made before ADR 254 numbered their notices with AUTOINCREMENT: the same rows, ids kept,
  // go into the table without it (a notice leaves only with all of them, when the account goes, so
  // the largest id is never freed for another).
  const made = sql.exec("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'notices'").one().sql;
  if (/AUTOINCREMENT/i.test(String(made))) {
    sql.exec(`
      CREATE TABLE notices_new (${NOTICES_TABLE});
      INSERT INTO notices_new (${NOTICE_COLUMNS}, notice_key)
        SELECT ${NOTICE_COLUMNS}, notice_key FROM notices;
      DROP TABLE notices;
      ALTER TABLE notices_new RENAME TO notices;
    `);
  }
  sql.exec(`
    DROP INDEX IF EXISTS notices_unread;
    CREATE INDEX IF NOT EXISTS notices_time ON notices (created_at, id);
    -- The unread ones: counted and marked read through it (it covers both), and a new follower is
    -- told once while an earlier notice of theirs is unread (addNotice) without reading every
    -- unread notice of a person many follow. An unread page walks notices_time: the unread are
    -- the newest as a rule.
    CREATE INDEX IF NOT EXISTS notices_unread_actor ON notices (kind, actor_id) WHERE is_read = 0;
  `);
  sql.exec(
    `CREATE TABLE IF NOT EXISTS inbox_schema (one INTEGER PRIMARY KEY CHECK (one = 1), version INTEGER NOT NULL);
     INSERT INTO inbox_schema (one, version) VALUES (1, ${INBOX_SCHEMA})
       ON CONFLICT (one) DO UPDATE SET version = excluded.version`,
  );
}

// ----- The owner's notices (docs/decisions/210) -----

function toNotice(row: Record<string, SqlStorageValue>): NoticeRow {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    link: row.link === null ? null : String(row.link),
    text: row.text === null ? null : String(row.text),
    isRead: Number(row.is_read) === 1,
    createdAt: Number(row.created_at),
    moderationId: row.moderation_id === null ? null : Number(row.moderation_id),
  };
}

/**
 * Keeps a notice unless its key is there already (or its once-rule holds); answers the row kept.
 * With `reopen`, a notice of that key already there is marked unread and moved to `createdAt`
 * instead (a moderation decision's card when its appeal is answered).
 */
export function addNotice(sql: SqlStorage, n: NewNotice): NoticeRow | null {
  const quietMs = Math.max(0, Math.floor(n.quietMs ?? 0));
  const once = `${
    n.oncePerUnreadActor
      ? " AND NOT EXISTS (SELECT 1 FROM notices WHERE is_read = 0 AND kind = ?2 AND actor_id IS ?3)"
      : ""
  }${
    quietMs > 0
      ? ` AND NOT EXISTS (SELECT 1 FROM notices WHERE kind = ?2 AND link IS ?4 AND created_at > ?6 - ${quietMs})`
      : ""
  }`;
  const onKept = n.reopen ? "DO UPDATE SET is_read = 0, created_at = excluded.created_at" : "DO NOTHING";
  const row = sql
    .exec(
      `INSERT INTO notices (notice_key, kind, actor_id, link, text, is_read, created_at, moderation_id)
       SELECT ?1, ?2, ?3, ?4, ?5, 0, ?6, ?7 WHERE 1${once}
       ON CONFLICT (notice_key) ${onKept}
       RETURNING ${NOTICE_COLUMNS}`,
      n.key,
      n.kind,
      n.actorId,
      n.link,
      n.text,
      n.createdAt,
      n.moderationId ?? null,
    )
    .toArray()[0];
  return row ? toNotice(row) : null;
}

/** A filter over the notices' text (muted phrases: lib/mute-match.ts `notMutedSql` over `text`). */
export interface NoticeFilter {
  sql: string;
  binds: unknown[];
}

/** The newest `limit` notices (only unread ones with `unread`) and how many there are. */
export function noticePage(
  sql: SqlStorage,
  limit: number,
  unread: boolean,
  filter: NoticeFilter,
): { rows: NoticeRow[]; total: number } {
  const where = `WHERE 1${unread ? " AND is_read = 0" : ""}${filter.sql}`;
  const rows = sql
    .exec(
      `SELECT ${NOTICE_COLUMNS} FROM notices ${where}
       ORDER BY created_at DESC, id DESC LIMIT ${Math.max(0, Math.floor(limit))}`,
      ...filter.binds,
    )
    .toArray()
    .map(toNotice);
  const total = Number(sql.exec(`SELECT count(*) AS n FROM notices ${where}`, ...filter.binds).one().n);
  return { rows, total };
}

/** Unread notices (those `filter` leaves in). */
export function unreadNotices(sql: SqlStorage, filter: NoticeFilter = { sql: "", binds: [] }): number {
  return Number(
    sql.exec(`SELECT count(*) AS n FROM notices WHERE is_read = 0${filter.sql}`, ...filter.binds).one().n,
  );
}

/** Marks one notice (`id`) or all read; answers how many changed and whether `id` is there. */
export function markNoticesRead(
  sql: SqlStorage,
  id: number | undefined,
): { updated: number; found: boolean } {
  if (id === undefined) {
    const updated = sql
      .exec("UPDATE notices SET is_read = 1 WHERE is_read = 0 RETURNING id")
      .toArray().length;
    return { updated, found: true };
  }
  const updated = sql
    .exec("UPDATE notices SET is_read = 1 WHERE id = ? AND is_read = 0 RETURNING id", id)
    .toArray().length;
  if (updated > 0) return { updated, found: true };
  return { updated: 0, found: sql.exec("SELECT 1 FROM notices WHERE id = ?", id).toArray().length > 0 };
}

/** Unread notices of `kinds` kept in (after, until], newest first, at most 50 (the e-mail digest). */
export function unreadNoticesBetween(
  sql: SqlStorage,
  kinds: string[],
  after: number,
  until: number,
): NoticeRow[] {
  if (kinds.length === 0) return [];
  return sql
    .exec(
      `SELECT ${NOTICE_COLUMNS} FROM notices
        WHERE is_read = 0 AND created_at > ? AND created_at <= ? AND kind IN (SELECT value FROM json_each(?))
        ORDER BY created_at DESC, id DESC LIMIT 50`,
      after,
      until,
      JSON.stringify(kinds),
    )
    .toArray()
    .map(toNotice);
}

/** Every notice, oldest first (the data archive). */
export function allNotices(sql: SqlStorage): NoticeRow[] {
  return sql.exec(`SELECT ${NOTICE_COLUMNS} FROM notices ORDER BY created_at, id`).toArray().map(toNotice);
}

/** The account is gone: its notices go with it. */
export function dropNotices(sql: SqlStorage): void {
  sql.exec("DELETE FROM notices");
}

export interface InboxState {
  owner_id: number;
  seq: number;
  resync_below: number;
  gone_at: number;
  below_version: number;
}

/** The inbox's one row, or null before its first call. */
export function inboxState(sql: SqlStorage): InboxState | null {
  const row = sql.exec("SELECT owner_id, seq, resync_below, gone_at, below_version FROM inbox").toArray()[0];
  if (!row) return null;
  return {
    owner_id: Number(row.owner_id),
    seq: Number(row.seq),
    resync_below: Number(row.resync_below),
    gone_at: Number(row.gone_at),
    below_version: Number(row.below_version),
  };
}

/** The inbox's row for its owner, on its first call. */
export function claimInbox(sql: SqlStorage, ownerId: number): void {
  sql.exec("INSERT INTO inbox (one, owner_id) VALUES (1, ?)", ownerId);
}

/** Sockets and tokens of sessions below `version` are over. */
export function setBelowVersion(sql: SqlStorage, version: number): void {
  sql.exec("UPDATE inbox SET below_version = ?", version);
}

export function addInboxFrame(sql: SqlStorage, seq: number, data: string): void {
  sql.exec("INSERT INTO frames (seq, data) VALUES (?, ?)", seq, data);
}

export interface PresenceSelf {
  announced: boolean;
  shows: boolean;
  username: string | null;
}

export function presenceSelf(sql: SqlStorage): PresenceSelf {
  const row = sql.exec("SELECT announced, shows, username FROM presence_self").one();
  return {
    announced: Boolean(row.announced),
    shows: Boolean(row.shows),
    username: (row.username as string | null) ?? null,
  };
}

/** The owner's "Show when I'm online" and username, as last read from D1. */
export function setPresenceShows(sql: SqlStorage, shows: boolean, username: string | null): void {
  sql.exec("UPDATE presence_self SET shows = ?, username = ?", shows ? 1 : 0, username);
}

/** Whether partners were told the owner is online. */
export function setAnnounced(sql: SqlStorage, announced: boolean): void {
  sql.exec("UPDATE presence_self SET announced = ?", announced ? 1 : 0);
}

/** The usernames of the partners known to be online. */
export function partnersOnline(sql: SqlStorage): string[] {
  return sql
    .exec<{ username: string }>("SELECT username FROM partners_online")
    .toArray()
    .map((r) => r.username);
}

/** A partner's username while they are known to be online, or null. */
export function partnerOnline(sql: SqlStorage, partnerId: number): string | null {
  const row = sql
    .exec<{ username: string }>("SELECT username FROM partners_online WHERE partner_id = ?", partnerId)
    .toArray()[0];
  return row?.username ?? null;
}

export function setPartnerOnline(sql: SqlStorage, partner: { id: number; username: string }): void {
  sql.exec(
    "INSERT INTO partners_online (partner_id, username) VALUES (?, ?) ON CONFLICT (partner_id) DO UPDATE SET username = excluded.username",
    partner.id,
    partner.username,
  );
}

export function forgetPartner(sql: SqlStorage, partnerId: number): void {
  sql.exec("DELETE FROM partners_online WHERE partner_id = ?", partnerId);
}

export function forgetPartners(sql: SqlStorage): void {
  sql.exec("DELETE FROM partners_online");
}

/** A post whose socket the owner opened at `now`; only the newest `kept` within `ttlMs` stay. */
export function noteWatchedPost(
  sql: SqlStorage,
  publicId: string,
  now: number,
  ttlMs: number,
  kept: number,
): void {
  sql.exec(
    "INSERT INTO watched_posts (public_id, opened_at) VALUES (?, ?) ON CONFLICT (public_id) DO UPDATE SET opened_at = excluded.opened_at",
    publicId,
    now,
  );
  sql.exec(
    `DELETE FROM watched_posts WHERE opened_at < ? OR public_id NOT IN
       (SELECT public_id FROM watched_posts ORDER BY opened_at DESC LIMIT ?)`,
    now - ttlMs,
    kept,
  );
}

/** The posts whose sockets the owner opened, newest first. */
export function watchedPosts(sql: SqlStorage): string[] {
  return sql
    .exec<{ public_id: string }>("SELECT public_id FROM watched_posts ORDER BY opened_at DESC")
    .toArray()
    .map((r) => r.public_id);
}

// ----- A post's watchers -----

/** The watchers' tables, made when missing. */
export function makePostTables(sql: SqlStorage): void {
  sql.exec(`
    -- Who watched, by person, when their inboxes were told (before ADR 122).
    DROP TABLE IF EXISTS watchers;
    CREATE TABLE IF NOT EXISTS post (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      public_id TEXT NOT NULL,
      seq INTEGER NOT NULL DEFAULT 0,
      -- A RESUME after a seq below this one is answered RESYNC: events were not kept.
      resync_below INTEGER NOT NULL DEFAULT 0,
      -- When the last tab left (ms), or 0 while one is open; POST_SKIPPED once events were skipped
      -- and no tab has opened since.
      gone_at INTEGER NOT NULL DEFAULT 0
    );
    -- skip: the ids (JSON) of the people the frame was not for (a block with its actor).
    CREATE TABLE IF NOT EXISTS frames (seq INTEGER PRIMARY KEY, data TEXT NOT NULL, skip TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS used_tokens (jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL);
  `);
}

/** The object's one row, or null before its first call. */
export function postState(
  sql: SqlStorage,
): { public_id: string; seq: number; resync_below: number; gone_at: number } | null {
  const row = sql.exec("SELECT public_id, seq, resync_below, gone_at FROM post").toArray()[0];
  if (!row) return null;
  return {
    public_id: String(row.public_id),
    seq: Number(row.seq),
    resync_below: Number(row.resync_below),
    gone_at: Number(row.gone_at),
  };
}

/** The object's row for its post, on its first call. */
export function claimPost(sql: SqlStorage, publicId: string): void {
  sql.exec("INSERT INTO post (one, public_id) VALUES (1, ?)", publicId);
}

/**
 * `gone_at` once an event nobody could listen to was skipped (the seq moved past it, the frames were
 * dropped) and no tab has opened since: later events need not move the seq again, as no tab holds it.
 */
export const POST_SKIPPED = -1;

/** Nobody can be listening: the kept frames go, and the row says the events are being skipped. */
export function forgetPostFrames(sql: SqlStorage): void {
  sql.exec("DELETE FROM frames");
  sql.exec("UPDATE post SET gone_at = ?", POST_SKIPPED);
}

/** A frame, and the people it is not for. */
export function addPostFrame(sql: SqlStorage, seq: number, data: string, skip: Iterable<number>): void {
  sql.exec("INSERT INTO frames (seq, data, skip) VALUES (?, ?, ?)", seq, data, JSON.stringify([...skip]));
}
