import type { Community } from "#shared/schemas/communities.ts";
import type { Suggestions } from "#shared/schemas/search.ts";
import { communities } from "#worker/db/schema/index.ts";
import { rowOf } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { toCommunity } from "#worker/lib/community-json.ts";
import { suggestedCommunitiesStatement, suggestedPeopleStatement } from "./queries";
import { loadPersonItems } from "./service";

/** How many of each the welcome step shows. */
export const SUGGESTIONS = 6;

/**
 * Communities the caller is not a member of that have a description, by members, and active people
 * with posts whom they neither follow nor block (nor are blocked by), by followers (queries.ts).
 */
export async function suggestionsFor(deps: Deps, userId: number): Promise<Suggestions> {
  const [communityRows, people] = await deps.db.batch<[object, { id: number }]>([
    suggestedCommunitiesStatement(userId, SUGGESTIONS),
    suggestedPeopleStatement(userId, SUGGESTIONS),
  ]);
  const list: Community[] = communityRows.map((raw) => toCommunity(rowOf(communities, raw), null));
  const users = await loadPersonItems(
    deps,
    people.map((p) => p.id),
    userId,
  );
  return { communities: list, users };
}
