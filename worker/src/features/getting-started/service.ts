import { GETTING_STARTED_GOAL, type GettingStarted } from "#shared/schemas/getting-started.ts";
import type { Deps } from "#worker/deps.ts";
import { fail } from "#worker/lib/errors.ts";
import { progressOf } from "./queries";

/**
 * The Get started checklist of a signed-in person (docs/decisions/171): a picture and a name, three
 * communities, three people, a first post. Computed from what they did, so it is the same on every
 * device and leaves the menu once every step is done.
 */
export async function gettingStarted({ db }: Deps, userId: number): Promise<GettingStarted> {
  const row = await progressOf(db, userId, GETTING_STARTED_GOAL);
  if (!row) fail(404, "This user does not exist");
  const profile = Boolean(row.profile_image && row.profile_name?.trim());
  const communities = Number(row.communities);
  const people = Number(row.people);
  const post = Number(row.total_microposts) > 0;
  return {
    profile,
    communities,
    people,
    post,
    done: profile && post && communities >= GETTING_STARTED_GOAL && people >= GETTING_STARTED_GOAL,
  };
}
