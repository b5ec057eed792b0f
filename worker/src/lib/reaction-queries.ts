import { sql } from "drizzle-orm";
import type { Reaction, ReactionTarget } from "#shared/schemas/reactions.ts";
import type { Database } from "#worker/db/database.ts";
import { blocks, reactionCounts, reactions } from "#worker/db/schema/index.ts";
import { aliased, sqlText } from "#worker/db/sql.ts";

// An item's reactions as a viewer sees them (docs/decisions/140), for every feature that shows posts,
// comments or chat messages: the counts the triggers keep, less the reactions of people the viewer
// blocked, and whether the viewer reacted. SQL only; features put the statement in their own batch.

/** The key of an item in the map `reactionMap` builds: its id, and a chat message's id in its thread. */
export const reactionKey = (targetId: number, messageId = 0) => `${targetId}:${messageId}`;

const integer = (n: number) => String(Math.trunc(n));
const [rc, rcFrom] = aliased(reactionCounts, "rc");
const [r, rFrom] = aliased(reactions, "r");
const [b, bFrom] = aliased(blocks, "b");

/** Stand-ins in a template of `reactionLookupSql`, filled in by plain text (no SQL has them). */
const VIEWER = "\u0001viewer\u0001";
const TARGETS = "\u0001targets\u0001";
const MESSAGES = "\u0001messages\u0001";

/** The statement's text for one kind of call, with the stand-ins above: built by Drizzle once per isolate. */
function reactionTemplate(type: ReactionTarget, withViewer: boolean, withMessages: boolean): string {
  const viewer = sql.raw(VIEWER);
  const same = sql`${r.targetType} = ${rc.targetType} AND ${r.targetId} = ${rc.targetId}
    AND ${r.messageId} = ${rc.messageId} AND ${r.emoji} = ${rc.emoji}`;
  const total = withViewer
    ? sql`${rc.total} - (SELECT count(*) FROM ${bFrom} JOIN ${rFrom} ON ${r.userId} = ${b.blockedId} AND ${same} WHERE ${b.blockerId} = ${viewer})`
    : sql`${rc.total}`;
  const reacted = withViewer
    ? sql`EXISTS (SELECT 1 FROM ${rFrom} WHERE ${same} AND ${r.userId} = ${viewer})`
    : sql`0`;
  const messages = withMessages ? sql` AND ${rc.messageId} IN (${sql.raw(MESSAGES)})` : sql``;
  return sqlText(sql`SELECT ${rc.targetId} AS target_id, ${rc.messageId} AS message_id, ${rc.emoji} AS emoji,
      ${total} AS total, ${reacted} AS reacted, ${rc.firstAt} AS first_at
    FROM ${rcFrom}
    WHERE ${rc.targetType} = ${sql.raw(`'${type}'`)} AND ${rc.targetId} IN (${sql.raw(TARGETS)})${messages} AND ${rc.total} > 0
    ORDER BY ${rc.targetId}, ${rc.messageId}, ${rc.firstAt}, ${rc.emoji}`);
}

const templates = new Map<string, string>();

/** The columns `reactionLookupSql` answers, in its order. */
export const REACTION_LOOKUP_KEYS = [
  "target_id",
  "message_id",
  "emoji",
  "total",
  "reacted",
  "first_at",
] as const;

/**
 * One statement with no binds of its own (it can sit in a batch whose statements share the page's
 * binds): each emoji of each item among `targetIds` (SQL for `IN (...)`), and with `messageIds`
 * (chat messages of the thread `targetIds` names) each of those messages. Every feed page and post
 * asks for it, so its text is made once per kind of call and filled in.
 */
export function reactionLookupSql(
  type: ReactionTarget,
  targetIds: string,
  viewerId: number | null,
  messageIds?: string,
): string {
  return reactionLookupText(type, targetIds, viewerId === null ? null : integer(viewerId), messageIds);
}

/**
 * `reactionLookupSql` with the viewer as SQL: a placeholder (`?4`) keeps the text the same for every
 * viewer, so the statement it sits in is prepared once (docs/decisions/234).
 */
export function reactionLookupText(
  type: ReactionTarget,
  targetIds: string,
  viewer: string | null,
  messageIds?: string,
): string {
  const key = `${type} ${viewer === null ? 0 : 1} ${messageIds ? 1 : 0}`;
  let template = templates.get(key);
  if (template === undefined) {
    template = reactionTemplate(type, viewer !== null, Boolean(messageIds));
    templates.set(key, template);
  }
  return template
    .replaceAll(VIEWER, viewer ?? "")
    .replace(TARGETS, () => targetIds)
    .replace(MESSAGES, () => messageIds ?? "");
}

interface ReactionRow {
  target_id: number;
  message_id: number;
  emoji: string;
  total: number;
  reacted: number;
}

/** The rows of `reactionLookupSql` by item (`reactionKey`); an emoji only blocked people used is left out. */
export function reactionMap(rows: object[]): Map<string, Reaction[]> {
  const map = new Map<string, Reaction[]>();
  for (const raw of rows as ReactionRow[]) {
    const total = Number(raw.total);
    if (total <= 0) continue;
    const key = reactionKey(Number(raw.target_id), Number(raw.message_id));
    const list = map.get(key) ?? [];
    list.push({ emoji: raw.emoji, total, reacted: Boolean(raw.reacted) });
    map.set(key, list);
  }
  return map;
}

/**
 * The reactions of the messages `ids` of one thread as the viewer sees them: the thread named by
 * SQL (`threadSql`, an id or a subquery over `binds`), so the read can ride in the batch that finds
 * the thread.
 */
export function messageReactionsStatement(
  threadSql: string,
  viewerId: number,
  ids: number[],
  binds: unknown[] = [],
): { sql: string; binds: unknown[] } {
  const list = ids.map((id) => integer(id)).join(", ");
  return { sql: reactionLookupSql("MESSAGE", threadSql, viewerId, list), binds };
}

/** Chat messages with the reactions `rows` (of `messageReactionsStatement`) give them. */
export function withReactionRows<T extends { id: number; reactions: Reaction[] }>(
  threadId: number,
  messages: T[],
  rows: object[],
): T[] {
  const map = reactionMap(rows);
  return messages.map((m) => ({ ...m, reactions: map.get(reactionKey(threadId, m.id)) ?? [] }));
}

/**
 * Chat messages of one thread with their reactions as the viewer sees them, in one read of those
 * named in `reacted` (the ones someone may have reacted to); none named, no read.
 */
export async function withMessageReactions<T extends { id: number; reactions: Reaction[] }>(
  db: Database,
  threadId: number,
  messages: T[],
  viewerId: number,
  reacted: number[],
): Promise<T[]> {
  if (reacted.length === 0) return messages;
  const rows = await db.all(messageReactionsStatement(integer(threadId), viewerId, reacted));
  return withReactionRows(threadId, messages, rows);
}
