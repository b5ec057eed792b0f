import type { Db } from "#worker/db/client.ts";
import { notify } from "../notifications/service";
import { findMentions, linkMentions } from "./html";
import type { Reader } from "./reader";

/** The people named with @ that exist, by lowercase name. Typed and lowercase forms both hit the index. */
async function existingUsers(
  reader: Reader,
  names: string[],
): Promise<Map<string, { id: number; username: string }>> {
  if (names.length === 0) return new Map();
  const candidates = [...new Set(names.flatMap((n) => [n, n.toLowerCase()]))];
  const rows = await reader.all<{ id: number; username: string }>({
    sql: `SELECT id, username FROM users WHERE username IN (${candidates.map((_, i) => `?${i + 1}`).join(",")})
      AND deleted_at IS NULL`,
    binds: candidates,
  });
  return new Map(rows.map((r) => [r.username.toLowerCase(), r]));
}

/** A sanitised body with each @name of an existing person linked to their profile. */
export async function withMentionLinks(reader: Reader, html: string): Promise<string> {
  const users = await existingUsers(reader, findMentions(html));
  return linkMentions(html, new Map([...users].map(([key, u]) => [key, u.username])));
}

/** Usernames a linked body mentions (the links `withMentionLinks` made). */
export function mentionedUsernames(html: string): string[] {
  return [...html.matchAll(/<a href="\/user\/([A-Za-z0-9]+)">@/g)].map((m) => m[1]!);
}

/** MENTION notifications for people named in `html` and not already in `before` (an edit). */
export async function notifyMentions(
  reader: Reader,
  db: Db,
  input: { html: string; before: string; actorId: number; link: string; text: string },
): Promise<void> {
  const already = new Set(mentionedUsernames(input.before).map((n) => n.toLowerCase()));
  const fresh = mentionedUsernames(input.html).filter((n) => !already.has(n.toLowerCase()));
  const users = await existingUsers(reader, fresh);
  for (const user of users.values()) {
    await notify(db, {
      userId: user.id,
      kind: "MENTION",
      actorId: input.actorId,
      link: input.link,
      text: input.text,
    });
  }
}
