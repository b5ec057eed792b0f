import { type Page, toPage } from "#shared/api.ts";
import { CHAT_MSG } from "#shared/schemas/chat.ts";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import { htmlToText } from "#shared/schemas/posts.ts";
import {
  isRgiEmoji,
  paletteOf,
  REACTION_MSG,
  type ReactionInput,
  type ReactionResult,
  type ReactionTarget,
  type Reactor,
} from "#shared/schemas/reactions.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { toOwner } from "#worker/lib/owners.ts";
import { iso, MINUTE } from "#worker/lib/time.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import * as queries from "./queries";

// The rules of reactions (docs/decisions/140): only someone who may see an item reacts to it, with
// one of its palette's emoji; adding one counts toward the person's limits and tells the item's
// author (once per item and hour); a chat message's thread hears of every change.

/** Reactions one person may add in a minute: quick taps, not a script. */
const REACTIONS_PER_MINUTE = 60;

type Person = Pick<AuthUser, "id" | "username" | "trust">;

/** A chat message's thread public id and message id, from `{thread}:{message id}`. */
function messageOf(publicId: string): { thread: string; messageId: number } | null {
  const match = /^([a-z0-9]{1,40}):([1-9]\d{0,15})$/.exec(publicId);
  if (!match) return null;
  const messageId = Number(match[2]);
  return Number.isSafeInteger(messageId) ? { thread: match[1]!, messageId } : null;
}

const notFound = (type: ReactionTarget): never =>
  fail(
    404,
    type === "POST" ? "Post not found" : type === "COMMENT" ? "Comment not found" : CHAT_MSG.messageNotFound,
  );

function threadStub({ env }: Deps, threadPublicId: string) {
  return env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(threadPublicId));
}

/** A short excerpt of what was reacted to, for the notification. */
function excerptOf(text: string | null): string | null {
  if (!text) return null;
  const plain = text.replace(/\s+/g, " ").trim();
  return plain.length > 140 ? `${plain.slice(0, 139)}…` : plain;
}

/**
 * Adds (`on`) or takes back a reaction; both are idempotent. Adding counts toward the person's
 * limits in the round trip of the target's read; then one batch holds the row (its count moves with
 * it, by trigger), the author's notification and the item's reactions read back.
 */
export async function react(
  deps: Deps,
  user: Person,
  input: ReactionInput,
  on: boolean,
): Promise<ReactionResult> {
  const { db } = deps;
  const type = input.target_type;
  const message = type === "MESSAGE" ? messageOf(input.public_id) : null;
  if (type === "MESSAGE" && !message) notFound(type);
  const lookup = message ? message.thread : input.public_id;
  const limits = on
    ? await actionCounters(
        deps,
        user,
        { key: `reaction:${user.id}`, rule: { max: REACTIONS_PER_MINUTE, windowMs: MINUTE } },
        "reaction",
      )
    : undefined;
  const target = await queries.findTarget(db, type, lookup, user.id, limits);
  if (!target) return notFound(type);
  if (target.blocking) fail(403, PEOPLE_MSG.blockedByThem);
  if (target.blocked) fail(403, PEOPLE_MSG.blockedByYou);
  // A reaction from before the community changed its palette may still be taken back.
  if (on ? !paletteOf(target.palette).includes(input.emoji) : !isRgiEmoji(input.emoji))
    fail(400, REACTION_MSG.notInPalette, { field: "emoji" });

  let ownerId = target.ownerId;
  let text = target.body ? htmlToText(target.body) : (target.post?.title ?? null);
  let link = target.post
    ? `/c/${encodeURIComponent(target.post.communityName)}/p/${target.post.publicId}/${target.post.slug}`
    : null;
  const ref = message ? { threadId: target.targetId, publicId: message.thread, createdAt: 0 } : null;
  if (message && ref) {
    const found = await threadStub(deps, message.thread).reactable(ref, message.messageId);
    if (!found) return notFound(type);
    ownerId = found.senderId;
    text = found.text;
    link = `/chat/thread/${message.thread}`;
  } else if (type === "COMMENT" && link) link = `${link}?comment=${input.public_id}`;

  const key: queries.ReactionKey = {
    type,
    targetId: target.targetId,
    messageId: message?.messageId ?? 0,
    userId: user.id,
    emoji: input.emoji,
  };
  const now = Date.now();
  const change = on ? queries.addStatement(db, key, now) : queries.removeStatement(db, key);
  // The author hears of it in the same batch, once an hour per item (their inbox keeps it,
  // docs/decisions/223), only if this batch put the reaction in.
  const told = on
    ? deps.events.reacted({
        actorId: user.id,
        ownerId,
        link,
        text: excerptOf(text),
        now,
        onlyIf: { sql: queries.REACTION_NOTICE_DUE },
      })
    : null;
  const notice = told?.statements ?? [];
  // A chat reaction's batch also names the members who blocked the person: they are not told.
  const blockers = message ? [queries.blockersInThreadStatement(db, target.targetId, user.id)] : [];
  const results = await db.write([change, ...notice, ...blockers, queries.itemReactionsStatement(db, key)]);
  const changed = (results[0]?.meta.changes ?? 0) > 0;
  if (told) await told.after(results.slice(1, 1 + notice.length));
  if (message && changed)
    await threadStub(deps, message.thread).announceReaction(
      {
        message_type: "REACTION",
        message_id: message.messageId,
        emoji: input.emoji,
        username: user.username,
        on,
      },
      queries.blockerIds(results.at(-2)),
    );
  return { reactions: queries.itemReactions(results.at(-1), key) };
}

/** Who reacted to an item with one emoji, for anyone who may see the item. */
export async function listReactors(
  deps: Deps,
  viewerId: number | null,
  q: { target_type: ReactionTarget; public_id: string; emoji: string; skip: number; limit: number },
): Promise<Page<Reactor>> {
  const { db } = deps;
  const type = q.target_type;
  const message = type === "MESSAGE" ? messageOf(q.public_id) : null;
  // A chat's reactions are for its members alone.
  if (type === "MESSAGE" && (!message || viewerId === null)) notFound(type);
  // The item and its page of reactors in one round trip.
  const { target, rows, total } = await queries.targetWithReactors(
    db,
    {
      type,
      publicId: message ? message.thread : q.public_id,
      messageId: message?.messageId ?? 0,
      emoji: q.emoji,
    },
    viewerId,
    q,
  );
  if (!target) return notFound(type);
  return toPage(
    rows.map((r) => ({ user: toOwner(r.owner), created_at: iso(r.createdAt) })),
    total,
    q.limit,
  );
}
