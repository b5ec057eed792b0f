import { z } from "../zod-jitless";

/** How many communities and people the Get started checklist asks a new person to join and follow. */
export const GETTING_STARTED_GOAL = 3;

/**
 * `GET /api/v1/private/user/getting-started`: the Get started checklist, from what the person has
 * done (their profile, memberships, follows and posts), never from what a device remembers.
 * `communities` and `people` count up to GETTING_STARTED_GOAL.
 */
export const gettingStartedSchema = z.object({
  /** A profile picture and a display name are both set. */
  profile: z.boolean(),
  communities: z.number().int().min(0),
  people: z.number().int().min(0),
  /** At least one published post. */
  post: z.boolean(),
  /** Every step is done: the checklist leaves the menu. */
  done: z.boolean(),
});
export type GettingStarted = z.infer<typeof gettingStartedSchema>;
