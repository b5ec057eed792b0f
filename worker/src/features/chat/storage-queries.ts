// The statements a chat thread's object runs on its own SQLite storage (not D1), as functions of
// `SqlStorage` (docs/decisions/174): the thread it is, its participants and who left, the messages,
// the revoked sessions and what D1 has been told. The rules around them are in thread-storage.ts.

/** A message's row with what its reply answers (`MESSAGE_SELECT`). */
export interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  sender_id: number;
  client_id: string | null;
  message_type: string;
  text: string | null;
  media: string | null;
  /** The picture's description, for screen readers. */
  alt: string | null;
  webpage_preview: string | null;
  created_at: number;
  updated_at: number;
  /** The answered message's id, and (joined) its text, type, sender and whether it was deleted. */
  reply_to: number | null;
  reply_text: string | null;
  reply_type: string | null;
  reply_sender: number | null;
  reply_deleted: number | null;
  /** A system line's subject as JSON `{user_id, name}`. */
  system: string | null;
  /** 1 once someone may have reacted to it (`markReactable`): its reactions are then read from D1. */
  reacted: number | null;
}

export type NewestRow = { message_type: string; text: string | null; created_at: number };

/** A participant's row as the object keeps it. */
export interface ParticipantRow extends Record<string, SqlStorageValue> {
  user_id: number;
  username: string;
  profile_name: string | null;
  profile_image: string | null;
  last_read_id: number;
}

/** People's messages; the rest are a group's system lines, which neither count as unread nor preview the thread. */
const PEOPLES = "message_type IN ('TEXT', 'IMAGE')";
/** Every message column, with what its reply answers. */
const MESSAGE_SELECT = `SELECT m.*, r.text AS reply_text, r.message_type AS reply_type,
  r.sender_id AS reply_sender, r.deleted_at IS NOT NULL AS reply_deleted
  FROM messages m LEFT JOIN messages r ON r.id = m.reply_to`;

// ----- Tables -----

/** Makes the object's tables when missing; threads made before a column existed get it once. */
export function createThreadTables(sql: SqlStorage): void {
  sql.exec(`
    CREATE TABLE IF NOT EXISTS thread (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      thread_id INTEGER NOT NULL,
      public_id TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS participants (
      user_id INTEGER PRIMARY KEY,
      username TEXT NOT NULL,
      profile_name TEXT,
      profile_image TEXT,
      last_read_id INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS gone (
      user_id INTEGER PRIMARY KEY,
      until_id INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      sender_id INTEGER NOT NULL,
      client_id TEXT,
      message_type TEXT NOT NULL,
      text TEXT,
      media TEXT,
      webpage_preview TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      deleted_at INTEGER
    );
    CREATE UNIQUE INDEX IF NOT EXISTS messages_client_id
      ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS used_tokens (
      jti TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS revocations (
      user_id INTEGER PRIMARY KEY,
      below_version INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS d1_sync (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      changed INTEGER NOT NULL DEFAULT 0,
      synced INTEGER NOT NULL DEFAULT 0
    );
  `);
  // Threads made before pictures had descriptions, replies and groups get the columns once.
  addColumn(sql, "messages", "alt", "TEXT");
  addColumn(sql, "messages", "reply_to", "INTEGER");
  addColumn(sql, "messages", "system", "TEXT");
  addColumn(sql, "thread", "kind", "TEXT");
  // Threads whose messages were reacted to before this object kept track: any of them may have been.
  if (addColumn(sql, "messages", "reacted", "INTEGER")) sql.exec("UPDATE messages SET reacted = 1");
}

/** Adds the column when the table lacks it; says whether it did. */
function addColumn(sql: SqlStorage, table: string, column: string, type: string): boolean {
  const has = sql.exec(`SELECT 1 FROM pragma_table_info('${table}') WHERE name = ?`, column).toArray().length;
  if (!has) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  return !has;
}

// ----- What D1 has been told -----

/** Bumps the version of the state D1 must hear about. */
export function bumpChanged(sql: SqlStorage): void {
  sql.exec(
    "INSERT INTO d1_sync (one, changed) VALUES (1, 1) ON CONFLICT (one) DO UPDATE SET changed = changed + 1",
  );
}

export function changedVersion(sql: SqlStorage): number {
  const row = sql.exec("SELECT changed FROM d1_sync").toArray()[0];
  return Number(row?.changed ?? 0);
}

export function setSynced(sql: SqlStorage, version: number): void {
  sql.exec("UPDATE d1_sync SET synced = max(synced, ?)", version);
}

export function d1Behind(sql: SqlStorage): boolean {
  const row = sql.exec("SELECT changed > synced AS behind FROM d1_sync").toArray()[0];
  return Boolean(row?.behind);
}

// ----- Revoked sessions -----

export function saveRevocation(sql: SqlStorage, userId: number, version: number): void {
  sql.exec(
    `INSERT INTO revocations (user_id, below_version) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET below_version = max(below_version, excluded.below_version)`,
    userId,
    version,
  );
}

export function revocationRows(sql: SqlStorage) {
  return sql.exec<{ user_id: number; below_version: number }>(
    "SELECT user_id, below_version FROM revocations",
  );
}

// ----- The thread and its participants -----

export function saveThread(
  sql: SqlStorage,
  ref: { threadId: number; publicId: string; createdAt: number; kind?: string },
): void {
  sql.exec(
    `INSERT INTO thread (one, thread_id, public_id, created_at, kind) VALUES (1, ?, ?, ?, ?)
     ON CONFLICT (one) DO UPDATE SET kind = coalesce(excluded.kind, kind)`,
    ref.threadId,
    ref.publicId,
    ref.createdAt,
    ref.kind ?? null,
  );
}

export function threadKind(sql: SqlStorage): SqlStorageValue | undefined {
  return sql.exec("SELECT kind FROM thread").toArray()[0]?.kind;
}

export function threadRow(sql: SqlStorage) {
  return sql
    .exec<{ thread_id: number; public_id: string; created_at: number }>(
      "SELECT thread_id, public_id, created_at FROM thread",
    )
    .toArray()[0];
}

/** Stores a current member's name and picture (one who had left is a member again). */
export function saveParticipant(
  sql: SqlStorage,
  u: { id: number; username: string; profile_name: string | null; profile_image: string | null },
): void {
  sql.exec("DELETE FROM gone WHERE user_id = ?", u.id);
  sql.exec(
    `INSERT INTO participants (user_id, username, profile_name, profile_image) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET username = excluded.username,
       profile_name = excluded.profile_name, profile_image = excluded.profile_image`,
    u.id,
    u.username,
    u.profile_name,
    u.profile_image,
  );
}

/** A member has gone; they may read up to `untilId`. */
export function saveGone(sql: SqlStorage, userId: number, untilId: number): void {
  sql.exec(
    "INSERT INTO gone (user_id, until_id) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET until_id = excluded.until_id",
    userId,
    untilId,
  );
}

export function goneUntil(sql: SqlStorage, userId: number): number | null {
  const row = sql.exec("SELECT until_id FROM gone WHERE user_id = ?", userId).toArray()[0];
  return row ? Number(row.until_id) : null;
}

/** The participants who have not gone. */
export function currentParticipantRows(sql: SqlStorage) {
  return sql.exec<ParticipantRow>(
    "SELECT * FROM participants WHERE user_id NOT IN (SELECT user_id FROM gone)",
  );
}

/** A participant's row, gone or not. */
export function participantRow(sql: SqlStorage, userId: number): ParticipantRow | undefined {
  return sql.exec<ParticipantRow>("SELECT * FROM participants WHERE user_id = ?", userId).toArray()[0];
}

export function setLastRead(sql: SqlStorage, userId: number, id: number): void {
  sql.exec("UPDATE participants SET last_read_id = ? WHERE user_id = ?", id, userId);
}

// ----- Messages -----

export function maxMessageId(sql: SqlStorage): number {
  const row = sql.exec("SELECT max(id) AS id FROM messages").one();
  return Number(row.id ?? 0);
}

/** The newest of people's messages that is not deleted. */
export function newestMessage(sql: SqlStorage): NewestRow | undefined {
  return sql
    .exec<NewestRow>(
      `SELECT message_type, text, created_at FROM messages WHERE deleted_at IS NULL AND ${PEOPLES}
        ORDER BY id DESC LIMIT 1`,
    )
    .toArray()[0];
}

/** People's messages after `afterId` that others than `userId` sent. */
export function unreadCount(sql: SqlStorage, afterId: number, userId: number): number {
  return Number(
    sql
      .exec(
        `SELECT count(*) AS n FROM messages
          WHERE id > ? AND sender_id != ? AND deleted_at IS NULL AND ${PEOPLES}`,
        afterId,
        userId,
      )
      .one().n,
  );
}

export function liveSenderAndText(sql: SqlStorage, id: number) {
  return sql
    .exec<{ sender_id: number; text: string | null }>(
      "SELECT sender_id, text FROM messages WHERE id = ? AND deleted_at IS NULL",
      id,
    )
    .toArray()[0];
}

/** Marks a message as one that may have reactions, before any reaction to it is written to D1. */
export function markReactable(sql: SqlStorage, id: number): void {
  sql.exec("UPDATE messages SET reacted = 1 WHERE id = ? AND reacted IS NULL", id);
}

export function messageWithReply(sql: SqlStorage, id: number): MessageRow {
  return sql.exec<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ?`, id).one();
}

/** When the person first sent a message here, or null. */
export function firstSent(sql: SqlStorage, userId: number): number | null {
  const row = sql
    .exec<{ at: number | null }>("SELECT min(created_at) AS at FROM messages WHERE sender_id = ?", userId)
    .one();
  return row.at === null ? null : Number(row.at);
}

/** The sender's message of this client id that is not deleted. */
export function liveByClientId(sql: SqlStorage, senderId: number, clientId: string): MessageRow | undefined {
  return sql
    .exec<MessageRow>(
      "SELECT * FROM messages WHERE sender_id = ? AND client_id = ? AND deleted_at IS NULL",
      senderId,
      clientId,
    )
    .toArray()[0];
}

/** Whether the sender ever stored a message of this client id (deleted ones too). */
export function anyByClientId(sql: SqlStorage, senderId: number, clientId: string): boolean {
  return (
    sql.exec("SELECT id FROM messages WHERE sender_id = ? AND client_id = ?", senderId, clientId).toArray()
      .length > 0
  );
}

/** Whether a person's message of this id is here and not deleted (something to answer). */
export function answerable(sql: SqlStorage, id: number): boolean {
  return (
    sql.exec(`SELECT 1 FROM messages WHERE id = ? AND deleted_at IS NULL AND ${PEOPLES}`, id).toArray()
      .length > 0
  );
}

export function insertMessage(
  sql: SqlStorage,
  m: {
    senderId: number;
    clientId: string | null;
    type: string;
    text: string | null;
    media: string | null;
    alt: string | null;
    preview: string | null;
    now: number;
    replyTo: number | null;
    system: string | null;
  },
): number {
  return sql
    .exec<{ id: number }>(
      `INSERT INTO messages (sender_id, client_id, message_type, text, media, alt, webpage_preview,
                             created_at, updated_at, reply_to, system)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      m.senderId,
      m.clientId,
      m.type,
      m.text,
      m.media,
      m.alt,
      m.preview,
      m.now,
      m.now,
      m.replyTo,
      m.system,
    )
    .one().id;
}

export function liveMessage(sql: SqlStorage, id: number): MessageRow | undefined {
  return sql.exec<MessageRow>("SELECT * FROM messages WHERE id = ? AND deleted_at IS NULL", id).toArray()[0];
}

/** Deletes a message, keeping its row (and client id) as a tombstone. */
export function tombstone(sql: SqlStorage, id: number, now: number): void {
  sql.exec(
    "UPDATE messages SET deleted_at = ?, text = NULL, media = NULL, alt = NULL, webpage_preview = NULL WHERE id = ?",
    now,
    id,
  );
}

/** The messages not deleted up to `upTo`, newest first: a page and how many there are. */
export function messagePage(
  sql: SqlStorage,
  upTo: number,
  skip: number,
  limit: number,
): { rows: MessageRow[]; total: number } {
  const total = Number(
    sql.exec("SELECT count(*) AS n FROM messages WHERE deleted_at IS NULL AND id <= ?", upTo).one().n,
  );
  const rows = sql
    .exec<MessageRow>(
      `${MESSAGE_SELECT} WHERE m.deleted_at IS NULL AND m.id <= ? ORDER BY m.id DESC LIMIT ? OFFSET ?`,
      upTo,
      limit,
      skip,
    )
    .toArray();
  return { rows, total };
}
