import { MUTE_CONTEXTS, type MuteContext } from "#shared/enums.ts";
import type { Deps } from "#worker/deps.ts";
import type { ActiveMute } from "./mute-match";
import { mutedWordsOf } from "./muted-word-queries";

// Which of a person's muted phrases hide what, now, in each place (posts, comments, notifications,
// search, chat): asked by every list that leaves muted things out.

/** The phrases in force now for one place; none for someone signed out. */
export async function activeMutes(
  deps: Deps,
  userId: number | null,
  context: MuteContext,
): Promise<ActiveMute[]> {
  return userId === null ? [] : (await mutesOf(deps, userId))[context];
}

/**
 * The phrases in force now for one place when the request has them already: none for someone
 * signed out, the token check's for the viewer; null while that check is still to come with the
 * request's first round trip (docs/decisions/156). A list then reads its page as if nothing were
 * muted, and reads it again only when `activeMutes`, asked after that round trip, names phrases.
 */
export function knownMutes(deps: Deps, userId: number | null, context: MuteContext): ActiveMute[] | null {
  if (userId === null) return [];
  if (deps.viewerMutes?.userId !== userId) return null;
  return byPlace(deps.viewerMutes.rows)[context];
}

/**
 * A list read with the viewer's phrases for one place left out, in the request's first round trip:
 * while the token check (which brings the phrases) is still to come, `read` runs as if nothing were
 * muted, and again only when that round trip names phrases for the place (docs/decisions/156).
 */
export async function readWithMutes<T>(
  deps: Deps,
  userId: number,
  context: MuteContext,
  read: (mutes: ActiveMute[]) => Promise<T>,
): Promise<T> {
  const known = knownMutes(deps, userId, context);
  const first = await read(known ?? []);
  if (known !== null) return first;
  const mutes = await activeMutes(deps, userId, context);
  return mutes.length > 0 ? read(mutes) : first;
}

function byPlace(rows: Array<{ phrase: string; wholeWord: boolean; contexts: string }>) {
  const places = Object.fromEntries(MUTE_CONTEXTS.map((c) => [c, [] as ActiveMute[]])) as Record<
    MuteContext,
    ActiveMute[]
  >;
  for (const row of rows) {
    for (const context of row.contexts.split(",") as MuteContext[])
      places[context]?.push({ phrase: row.phrase, wholeWord: row.wholeWord });
  }
  return places;
}

/** The phrases in force now, by place, in one read. */
export async function mutesOf(deps: Deps, userId: number): Promise<Record<MuteContext, ActiveMute[]>> {
  // A token check still to come brings the viewer's phrases: it goes now, in a round trip of its own.
  if (deps.viewerMutes?.userId !== userId) await deps.db.settleRider();
  const read = deps.viewerMutes?.userId === userId ? deps.viewerMutes.rows : null;
  return byPlace(read ?? (await mutedWordsOf(deps.db, userId, Date.now())));
}
