import { type AppealCreate, MODERATION_MSG, type ModerationNotice } from "#shared/schemas/moderation.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { iso } from "#worker/lib/time.ts";
import { signAppealToken } from "#worker/lib/tokens.ts";
import {
  type AppealRow,
  currentSuspension,
  findModeration,
  insertAppeal,
  moderationsWithAppeals,
  postModeration,
} from "./queries";

// A person's side of moderation: the notice of what staff did, the one appeal, and the reason a
// suspended person is shown when they try to sign in.

export function appealState(a: AppealRow) {
  return {
    id: a.id,
    status: a.status,
    decision: a.decision,
    note: a.note,
    text: a.text,
    created_at: iso(a.created_at),
    decided_at: a.decided_at === null ? null : iso(a.decided_at),
  };
}

/** The notices of some moderations (for the person's notification list), by moderation id. */
export async function moderationNotices(deps: Deps, ids: number[]): Promise<Map<number, ModerationNotice>> {
  const { moderations, appeals, excerpts } = await moderationsWithAppeals(deps.db, [...new Set(ids)]);
  return new Map(
    moderations.map((m) => {
      const appeal = appeals.find((a) => a.moderation_id === m.id);
      const excerpt = excerpts.find((e) => e.id === m.id)?.excerpt ?? null;
      return [
        m.id,
        {
          id: m.id,
          action: m.action,
          target_type: m.target_type,
          cause: m.cause,
          note: m.note,
          excerpt:
            excerpt === null
              ? null
              : excerpt
                  .replace(/<[^>]*>/g, " ")
                  .replace(/\s+/g, " ")
                  .trim()
                  .slice(0, 160),
          ends_at: null,
          community: m.community,
          reversed: m.reversed_at !== null,
          created_at: iso(m.created_at),
          appeal: appeal ? appealState(appeal) : null,
        },
      ];
    }),
  );
}

/** What a suspended person is told at sign-in: the cause, the note, the end (none yet) and the appeal. */
export async function suspensionNotice(deps: Deps, secret: string, userId: number) {
  const found = await currentSuspension(deps.db, userId);
  if (!found) return null;
  const { moderation, appeal } = found;
  return {
    cause: moderation.cause,
    note: moderation.note,
    ends_at: null,
    moderation_id: moderation.id,
    appeal_token: appeal ? null : await signAppealToken(secret, userId, moderation.id),
    appeal: appeal ? { status: appeal.status, decision: appeal.decision, note: appeal.note } : null,
  };
}

/**
 * `POST .../user/appeal`: the person's one appeal of a decision about them (`moderationId`: the one
 * decision an appeal token names). Someone else's
 * decision is not found; a second appeal, or one of a reversed decision, is a 409.
 */
export async function createAppeal(
  deps: Deps,
  appellant: { userId: number; moderationId?: number },
  input: AppealCreate,
) {
  const { db } = deps;
  const { userId } = appellant;
  // An appeal token names one decision; any other is not found for it.
  if (appellant.moderationId !== undefined && appellant.moderationId !== input.moderation_id)
    fail(404, MODERATION_MSG.moderationNotFound);
  const moderation = await findModeration(db, input.moderation_id);
  if (!moderation || moderation.user_id !== userId) fail(404, MODERATION_MSG.moderationNotFound);
  if (moderation.reversed_at !== null) fail(409, MODERATION_MSG.appealReversed);
  const row = await insertAppeal(db, { moderationId: moderation.id, userId, text: input.text });
  if (!row) fail(409, MODERATION_MSG.appealTaken);
  return appealState(row);
}

/**
 * `GET .../moderation/post`: the decision that keeps the caller's own post hidden, told as its
 * notification tells it, so the post's page can say "Removed by staff" with why and the appeal.
 */
export async function ownPostModeration(
  deps: Deps,
  userId: number,
  postPublicId: string,
): Promise<ModerationNotice> {
  const row = await postModeration(deps.db, userId, postPublicId);
  if (!row || row.reversed_at !== null || row.action !== "REMOVE_CONTENT")
    fail(404, MODERATION_MSG.moderationNotFound);
  const notice = (await moderationNotices(deps, [row.id])).get(row.id);
  if (!notice) fail(404, MODERATION_MSG.moderationNotFound);
  return notice;
}
