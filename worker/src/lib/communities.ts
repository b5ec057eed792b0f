import type { Deps } from "#worker/deps.ts";
import type { CommunityRow } from "./community-json";
import { communityByName } from "./community-queries";
import { fail } from "./errors";

// Finding a community by the name a request gives: the communities feature's screens and posting
// in a community both start here.

/** The community of that name (names are unique in any case), or a 404. */
export async function findCommunity({ db }: Deps, name: string): Promise<CommunityRow> {
  const row = await communityByName(db, name);
  if (!row) fail(404, `The community c/${name} does not exist`);
  return row;
}
