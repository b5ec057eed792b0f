import type { Reaction, ReactionTarget } from "#shared/schemas/reactions.ts";
import type { Database } from "#worker/db/database.ts";

// An item's reactions as a viewer sees them (docs/decisions/140), for every feature that shows posts,
// comments or chat messages: the counts the triggers keep, less the reactions of people the viewer
// blocked, and whether the viewer reacted. SQL only; features put the statement in their own batch.

/** The key of an item in the map `reactionMap` builds: its id, and a chat message's id in its thread. */
export const reactionKey = (targetId: number, messageId = 0) => `${targetId}:${messageId}`;

const integer = (n: number) => String(Math.trunc(n));

/**
 * One statement with no binds of its own (it can sit in a batch whose statements share the page's
 * binds): each emoji of each item among `targetIds` (SQL for `IN (...)`), and with `messageIds`
 * (chat messages of the thread `targetIds` names) each of those messages.
 */
export function reactionLookupSql(
  type: ReactionTarget,
  targetIds: string,
  viewerId: number | null,
  messageIds?: string,
): string {
  const same = `r.target_type = rc.target_type AND r.target_id = rc.target_id AND r.message_id = rc.message_id AND r.emoji = rc.emoji`;
  const viewer = viewerId === null ? null : integer(viewerId);
  const total = viewer
    ? `rc.total - (SELECT count(*) FROM blocks b JOIN reactions r ON r.user_id = b.blocked_id AND ${same} WHERE b.blocker_id = ${viewer})`
    : "rc.total";
  const reacted = viewer ? `EXISTS (SELECT 1 FROM reactions r WHERE ${same} AND r.user_id = ${viewer})` : "0";
  const messages = messageIds ? ` AND rc.message_id IN (${messageIds})` : "";
  return `SELECT rc.target_id AS target_id, rc.message_id AS message_id, rc.emoji AS emoji,
      ${total} AS total, ${reacted} AS reacted, rc.first_at AS first_at
    FROM reaction_counts rc
    WHERE rc.target_type = '${type}' AND rc.target_id IN (${targetIds})${messages} AND rc.total > 0
    ORDER BY rc.target_id, rc.message_id, rc.first_at, rc.emoji`;
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

/** Chat messages of one thread with their reactions as the viewer sees them, in one read. */
export async function withMessageReactions<T extends { id: number; reactions: Reaction[] }>(
  db: Database,
  threadId: number,
  messages: T[],
  viewerId: number,
): Promise<T[]> {
  if (messages.length === 0) return messages;
  const ids = messages.map((m) => integer(m.id)).join(", ");
  const map = reactionMap(
    await db.all({ sql: reactionLookupSql("MESSAGE", integer(threadId), viewerId, ids) }),
  );
  return messages.map((m) => ({ ...m, reactions: map.get(reactionKey(threadId, m.id)) ?? [] }));
}
