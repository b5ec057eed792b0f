import type { Community } from "#shared/schemas/communities.ts";
import type { Suggestions } from "#shared/schemas/search.ts";
import { communities } from "#worker/db/schema/index.ts";
import { rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { toCommunity } from "#worker/lib/community-json.ts";
import { ownerWithId, toOwner } from "#worker/lib/owners.ts";
import { suggestedCommunitiesStatement, suggestedPeopleStatement } from "./queries";

/** How many of each the welcome step shows. */
const SUGGESTIONS = 6;

/**
 * Communities the caller is not a member of that have a description, by members, and active people
 * with posts whom they neither follow nor block (nor are blocked by), by followers (queries.ts).
 */
export async function suggestionsFor(deps: Deps, userId: number): Promise<Suggestions> {
  // Both with all they show, in one round trip with the request's token check (docs/decisions/156).
  const [communityRows, people] = await deps.db.batch<[object, object]>([
    suggestedCommunitiesStatement(userId, SUGGESTIONS),
    suggestedPeopleStatement(userId, SUGGESTIONS),
  ]);
  const list: Community[] = communityRows.map((raw) => toCommunity(rowOf(communities, raw), null));
  // None of them is followed by the caller: the statement leaves those out.
  const users = people.map((raw) => ({ owner: toOwner(rowOf(ownerWithId, raw)), is_following: false }));
  return { communities: list, users };
}
