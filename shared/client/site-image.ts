/**
 * Whether a picture's address is this site's (an uploaded file under /media, a built asset). Only
 * those are shown where content names a picture: the Content-Security-Policy shows no other
 * site's pictures, and loading one would tell that site who is reading (docs/decisions/094).
 */
export function isSiteImage(src: string | null | undefined): src is string {
  return typeof src === "string" && /^\/(?![/\\])/.test(src.trim());
}
