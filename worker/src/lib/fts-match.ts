// How typed text becomes an FTS5 expression, for every full-text search (posts, people, jobs,
// services). It imports nothing, so bench/search runs it as it is (Node strips the types).

/** At most this many words of a search are used; more only slows the query down. */
const MAX_TOKENS = 8;
/** A longer "word" matches nothing anyway; cutting it keeps the expression small. */
const MAX_TOKEN_LENGTH = 64;

/**
 * Turns what a person typed into an FTS5 expression that can never be read as FTS syntax: the text
 * is cut into words the way the unicode61 tokenizer cuts it (letters, digits and combining marks),
 * and each word is quoted, so `OR`, `NEAR(`, `*`, `title:` or `"` are plain words or separators.
 * Words are ANDed. `prefix` marks each word of two or more characters as a prefix ("ali" finds
 * alice), used where names are searched. Null when there is no word at all.
 */
export function toMatchExpression(text: string, { prefix = false } = {}): string | null {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, MAX_TOKEN_LENGTH).toLowerCase()))].slice(
    0,
    MAX_TOKENS,
  );
  if (unique.length === 0) return null;
  // A word has no double quote in it (it is letters and digits only), so quoting cannot be escaped.
  return unique.map((w) => (prefix && [...w].length >= 2 ? `"${w}"*` : `"${w}"`)).join(" ");
}

/**
 * A phrase to leave out of a search, as a safe FTS5 phrase ("a b": the words next to each other),
 * with a prefix mark when it may also start longer words. Null when the phrase has no word.
 */
export function toExcludedPhrase(phrase: string, { prefix = false } = {}): string | null {
  const words = phrase.normalize("NFKC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  if (words.length === 0) return null;
  const quoted = `"${words
    .slice(0, MAX_TOKENS)
    .map((w) => w.slice(0, MAX_TOKEN_LENGTH).toLowerCase())
    .join(" ")}"`;
  return prefix ? `${quoted}*` : quoted;
}

/** The quoted words of a search, each a safe FTS5 string (see toMatchExpression). */
export function toTerms(text: string, { prefix = false } = {}): string[] {
  const expression = toMatchExpression(text, { prefix });
  return expression === null ? [] : expression.split(" ");
}
