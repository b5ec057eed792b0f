/**
 * The key for a count: the singular for exactly one, the plural otherwise (English, Spanish and
 * Portuguese agree on that). Pass both keys as msg() literals and `{ count }` to t():
 *
 *   t(pluralKey(n, msg("{{count}} follower"), msg("{{count}} followers")), { count: n })
 */
export function pluralKey(count: number, one: string, other: string): string {
  return count === 1 ? one : other;
}
