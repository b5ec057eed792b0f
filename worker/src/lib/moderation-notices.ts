import type { ModerationNotice } from "#shared/schemas/moderation.ts";
import type { Deps } from "#worker/deps.ts";
import { currentSuspension, moderationsWithAppeals } from "./moderation-notice-queries";
import type { AppealRow, ModerationRow } from "./moderation-rows";
import { iso } from "./time";
import { signAppealToken } from "./tokens";

// The notice of a moderation decision as the person is told it: in their notifications and live
// updates, on their own hidden post, and at sign-in while suspended. Below the features, since the
// notifications, live, accounts and moderation features all show it.

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
    moderations.map((m) => [
      m.id,
      noticeOf(
        m,
        appeals.find((a) => a.moderation_id === m.id) ?? null,
        excerpts.find((e) => e.id === m.id)?.excerpt ?? null,
      ),
    ]),
  );
}

/** A moderation's notice from its row, its appeal's and a glance at what it was about. */
export function noticeOf(
  m: ModerationRow,
  appeal: AppealRow | null,
  excerpt: string | null,
): ModerationNotice {
  return {
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
  };
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
