import { UNREAD_BADGE_CAP } from "#shared/constants.ts";

/** The unread badge's text: nothing at 0, the count up to 5, '5+' above. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}
