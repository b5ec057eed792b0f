import type { Statement } from "#worker/db/sql.ts";

/** A muted phrase in force for one place. */
export interface ActiveMute {
  phrase: string;
  wholeWord: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The phrase of the first mute `text` contains, or null. Case does not matter; a whole-word phrase
 * must not touch a letter, digit or underscore on either side ("cat" hides "a cat!" but not "category").
 */
export function mutedBy(text: string, mutes: ActiveMute[]): string | null {
  if (mutes.length === 0 || !text) return null;
  const lower = text.toLowerCase();
  for (const mute of mutes) {
    const phrase = mute.phrase.toLowerCase();
    if (!lower.includes(phrase)) continue;
    if (!mute.wholeWord) return mute.phrase;
    const word = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}_])`, "u");
    if (word.test(lower)) return mute.phrase;
  }
  return null;
}

/** A GLOB pattern matching the phrase literally: `*`, `?` and `[` are wrapped in a class. */
const globLiteral = (text: string) => text.replace(/[*?[]/g, (c) => `[${c}]`);
/** Anything but a word character; letters outside ASCII count as word characters, as in `mutedBy`. */
const EDGE = "[^0-9a-z_\u00c0-\uffff]";

/** One SQL test per mute over `expr` and the value it binds. SQLite's lower() folds ASCII only. */
function sqlTests(expr: string, mutes: ActiveMute[]): Array<{ test: string; value: string }> {
  return mutes.map((mute) => {
    const phrase = mute.phrase.toLowerCase();
    return mute.wholeWord
      ? {
          test: `(' ' || lower(coalesce(${expr}, '')) || ' ') GLOB ?`,
          value: `*${EDGE}${globLiteral(phrase)}${EDGE}*`,
        }
      : { test: `instr(lower(coalesce(${expr}, '')), ?) > 0`, value: phrase };
  });
}

/**
 * The same test in SQL, for lists paged by offset (their pages are filtered where they are read
 * and counted): ` AND NOT (...)` over `expr`, numbering its binds from `?{first}`; `when` limits
 * it to the rows that hold (SQL over the same row).
 */
export function notMutedSql(expr: string, mutes: ActiveMute[], first: number, when = ""): Statement {
  if (mutes.length === 0) return { sql: "", binds: [] };
  const tests = sqlTests(expr, mutes);
  const sql = tests.map((t, i) => t.test.replace("?", `?${first + i}`)).join(" OR ");
  return { sql: ` AND NOT (${when ? `${when} AND ` : ""}(${sql}))`, binds: tests.map((t) => t.value) };
}
