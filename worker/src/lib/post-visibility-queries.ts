/**
 * The one rule of who sees a post and what hangs off it (docs/decisions/135): a post is visible
 * while it is published. A draft and a post staff removed (`is_draft = 1` with `removed_at` set)
 * are not, and neither are its comments, their versions, its versions, its files, bookmarks of it
 * or notifications that lead to it. Every read a person (not staff) makes puts one of these
 * conditions in its SQL; nothing else decides it. The author sees their own drafts through the
 * drafts paths, and their own content in their data archive; staff see hidden posts on admin paths.
 *
 * It lives in `lib/` because posts, search, notifications, live, media and the visitor cache all
 * need it, and features do not import each other for it. Arguments are SQL aliases and column
 * expressions written in the code, never client input.
 */

/** The post `alias` (a `microposts` row) is visible. */
export function visiblePostSql(alias: string): string {
  return `${alias}.is_draft = 0`;
}

/** The post whose id is `idExpr` (a comment's `micropost_id`, a bookmark's) is visible. */
export function visiblePostIdSql(idExpr: string): string {
  return `EXISTS (SELECT 1 FROM microposts vp WHERE vp.id = ${idExpr} AND ${visiblePostSql("vp")})`;
}

/**
 * The post a link (`/c/{community}/p/{public id}/…`, a notification's or a comment's address) leads
 * to is not hidden. A link that leads to no post (a profile, a job) passes.
 */
export function linkedPostNotHiddenSql(linkExpr: string): string {
  // The segment after /p/, up to the next slash (the slug follows it).
  const rest = `(substr(${linkExpr}, instr(${linkExpr}, '/p/') + 3) || '/')`;
  const publicId = `substr(${rest}, 1, instr(${rest}, '/') - 1)`;
  return `NOT (${linkExpr} LIKE '/c/%/p/%' AND EXISTS (SELECT 1 FROM microposts vp
    WHERE vp.public_id = ${publicId} AND NOT (${visiblePostSql("vp")})))`;
}
