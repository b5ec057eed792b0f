import { type AppealCreate, MODERATION_MSG, type ModerationNotice } from "#shared/schemas/moderation.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { appealState, moderationNotices } from "#worker/lib/moderation-notices.ts";
import { findModeration } from "#worker/lib/moderation-queries.ts";
import { insertAppeal, postModeration } from "./queries";

// A person's side of moderation: the one appeal, and the notice that keeps their own post hidden.
// The notices themselves (shown in notifications, live, and at a suspended person's sign-in) are
// built in lib/moderation-notices.ts.

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
