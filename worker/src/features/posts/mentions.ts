import type { Deps, OnlyIf, Told } from "#worker/deps.ts";
import type { AuthUser } from "#worker/env.ts";
import { linkMentions } from "#worker/lib/post-html.ts";
import { hitCounters } from "#worker/lib/rate-limits.ts";
import { actionCounters } from "#worker/lib/trust.ts";
import { type Mentioned, usersByNames } from "./queries";

/** A sanitised body with each @name of the people already read (`findMentions`' names) linked to their profile. */
export function linkedWith(html: string, mentioned: Mentioned): string {
  return linkMentions(html, new Map([...mentioned].map(([key, u]) => [key, u.username])));
}

/** Usernames a linked body mentions (the links `linkedWith` made). */
function mentionedUsernames(html: string): string[] {
  return [...html.matchAll(/<a href="\/user\/([A-Za-z0-9]+)">@/g)].map((m) => m[1]!);
}

/**
 * The MENTION notices of people named in `html` and not already in `before` (an edit), to put in
 * the write's own batch (deps.ts `Told`; the person's inbox keeps them, docs/decisions/223) and
 * told under `onlyIf` at `now`. `known`: people already read by lowercase name (with the action's
 * first read), not read again. A person hears of a post or a comment once, however often an edit
 * takes their name out and puts it back.
 */
export async function mentionsTold(
  deps: Deps,
  input: {
    html: string;
    before: string;
    actorId: number;
    link: string;
    text: string;
    known?: Mentioned;
    now: number;
    onlyIf: OnlyIf;
  },
): Promise<Told> {
  const already = new Set(mentionedUsernames(input.before).map((n) => n.toLowerCase()));
  const fresh = mentionedUsernames(input.html).filter((n) => !already.has(n.toLowerCase()));
  const users: Mentioned = new Map();
  const unknown: string[] = [];
  for (const name of fresh) {
    const person = input.known?.get(name.toLowerCase());
    if (person) users.set(name.toLowerCase(), person);
    else unknown.push(name);
  }
  for (const [key, user] of await usersByNames(deps.db, unknown)) users.set(key, user);
  return deps.events.mentioned({
    actorId: input.actorId,
    userIds: [...users.values()].map((u) => u.id),
    link: input.link,
    text: input.text,
    now: input.now,
    onlyIf: input.onlyIf,
  });
}

/**
 * An edit of a post's or a comment's body: it counts toward the person's hourly edit allowance by
 * trust level (lib/trust.ts, docs/decisions/136; past it, a 429 that says why and until
 * when, and nothing is stored), `save` stores the new body and answers the item as the API shows
 * it, and only the people the new body names for the first time hear of it: their notices
 * are checked in one batch of their own after the edit (one statement each, none when nobody new
 * is named), since where the item leads is read back with it.
 */
export async function saveEditedBody<T extends { link: string }>(
  deps: Deps,
  edit: {
    /** The author, with the level the auth middleware read. */
    user: Pick<AuthUser, "id" | "trust">;
    actorId: number;
    /** The body before the edit. */
    before: string;
    /** The new body, as stored (sanitised, @names linked). */
    body: string;
    /** The people the new body links, when read already. */
    known?: Mentioned;
    /** The notification's text: the post's title, or the comment's excerpt. */
    text: string;
    save: () => Promise<T>;
  },
): Promise<T> {
  await hitCounters(deps.db, await actionCounters(deps, edit.user, null, "edit"));
  const item = await edit.save();
  const told = await mentionsTold(deps, {
    html: edit.body,
    before: edit.before,
    actorId: edit.actorId,
    link: item.link,
    text: edit.text,
    known: edit.known,
    now: Date.now(),
    onlyIf: { sql: "" },
  });
  if (told.statements.length > 0) await told.after(await deps.db.write(told.statements));
  return item;
}
