import { COMMUNITY_MOD_MSG } from "#shared/schemas/community-moderation.ts";
import { fail } from "./errors";
import { iso } from "./time";

// A ban from a community (features/community-moderation) refuses the person's posts, comments and
// votes there; posts reads the ban with the post or community it already reads (`BAN_ENDS_SQL` of
// ./community-ban-queries.ts), and refuses here.

/** 403 naming the ban's end when `banEnds` is set. */
export function refuseIfBanned(banEnds: number | null | undefined): void {
  if (banEnds === null || banEnds === undefined) return;
  if (banEnds === -1) fail(403, COMMUNITY_MOD_MSG.bannedForever, { extra: { ban: { ends_at: null } } });
  const endsAt = iso(banEnds);
  fail(403, COMMUNITY_MOD_MSG.bannedUntil.replace("{{date}}", endsAt.slice(0, 10)), {
    extra: { ban: { ends_at: endsAt } },
  });
}
