import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "./errors";
import { relationOf } from "./relation-queries";

/**
 * Refuses (403) when either person blocked the other: a blocked person cannot follow, message,
 * mention or otherwise reach the one who blocked them. Other features call this before they let
 * one person act towards another.
 */
export async function assertCanReach(deps: Deps, actorId: number, targetId: number): Promise<void> {
  const relation = await relationOf(deps, actorId, targetId);
  if (relation.isBlocking) fail(403, PEOPLE_MSG.blockedByThem);
  if (relation.isBlocked) fail(403, PEOPLE_MSG.blockedByYou);
}
