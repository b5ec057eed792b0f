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
 * request's first round trip (docs/decisions/156). A list then reads its page with `guessedMutes`,
 * and reads it again only when `activeMutes`, asked after that round trip, names others (220).
 */
export function knownMutes(deps: Deps, userId: number | null, context: MuteContext): ActiveMute[] | null {
  if (userId === null) return [];
  if (deps.viewerMutes?.userId !== userId) return null;
  return byPlace(deps.viewerMutes.rows)[context];
}

/**
 * A list read with the viewer's phrases for one place left out, in the request's first round trip:
 * while the token check (which brings the phrases) is still to come, `read` runs with the phrases
 * that person's last token check in this isolate brought (`guessedMutes`), and again only when the
 * check names others (docs/decisions/156, 220).
 */
export async function readWithMutes<T>(
  deps: Deps,
  userId: number,
  context: MuteContext,
  read: (mutes: ActiveMute[]) => Promise<T>,
): Promise<T> {
  const known = knownMutes(deps, userId, context);
  if (known !== null) return read(known);
  const guess = guessedMutes(userId, context);
  const first = await read(guess);
  const mutes = await activeMutes(deps, userId, context);
  return sameMutes(mutes, guess) ? first : read(mutes);
}

/**
 * The phrases each person's last token check in this isolate brought, most recent last: what a
 * read that cannot wait for this request's check filters by, and checks against it afterwards.
 */
const lastSeen = new Map<number, MuteRow[]>();
/** People remembered at most; the one seen longest ago goes first. */
const LAST_SEEN_MAX = 2000;

type MuteRow = NonNullable<Deps["viewerMutes"]>["rows"][number];

/** The viewer's phrases as their token check just read them: for this request, and as the next one's guess. */
export function setViewerMutes(deps: Deps, userId: number, rows: MuteRow[]): void {
  deps.viewerMutes = { userId, rows };
  lastSeen.delete(userId);
  lastSeen.set(userId, rows);
  if (lastSeen.size > LAST_SEEN_MAX) lastSeen.delete(lastSeen.keys().next().value as number);
}

/** The phrases for one place the person's last token check in this isolate brought; none if it made none. */
export function guessedMutes(userId: number | null, context: MuteContext): ActiveMute[] {
  const rows = userId === null ? undefined : lastSeen.get(userId);
  return rows ? byPlace(rows)[context] : [];
}

/** Whether two lists of phrases filter alike: the same phrases with the same whole-word rule. */
export function sameMutes(a: ActiveMute[], b: ActiveMute[]): boolean {
  const key = (m: ActiveMute) => `${m.wholeWord ? 1 : 0}${m.phrase}`;
  const [ka, kb] = [new Set(a.map(key)), new Set(b.map(key))];
  return ka.size === kb.size && [...kb].every((k) => ka.has(k));
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
