import { keptByText } from "./kept-by-text";

/**
 * How many times this isolate has changed the database: every statement that may write (anything
 * but a plain SELECT) moves it once its round trip is over, whether it wrote or failed. An answer
 * read while it stayed the same shows every write this isolate made (docs/decisions/128).
 */
let changes = 0;

/** The count now: take it before reading, compare it after. */
export const databaseChanges = () => changes;

/** Called by the data handle when a round trip that may have written is over. */
export function noteDatabaseChange(): void {
  changes += 1;
}

/**
 * What a statement's text starts with when all it changes is a tally the public pages show (a post's
 * votes): it is a write (guarded as one, docs/decisions/156) that moves no change count, so a
 * visitor's kept answer may show the tally as it was for the rest of its second, as it does for a
 * write made through another isolate (docs/decisions/230).
 */
export const TALLY_ONLY = "/* tally */ ";

/** Whether a statement moves the change count: it may write, and not only a tally. */
export function changesPages(sql: string): boolean {
  return !sql.startsWith(TALLY_ONLY) && !onlyReads(sql);
}

/** A keyword only a statement that changes something has (REPLACE as a function only reads). */
const CHANGES =
  /\b(?:insert|update|delete|create|drop|alter|pragma|vacuum|reindex|analyze|attach|detach)\b|\breplace\b(?!\s*\()/i;

/**
 * Whether a statement only reads: a SELECT, or a WITH whose statement is one, naming no keyword of
 * a change. Anything else counts as a write, so a doubt never keeps an old answer (a column such as
 * `updated_at` is a word of its own and does not count).
 */
export function onlyReads(sql: string): boolean {
  return readsByText(
    sql,
    () => /^(?:\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()*(?:select|with)\b/i.test(sql) && !CHANGES.test(sql),
  );
}

/** `onlyReads` of each statement text this isolate ran lately: two regular expressions over long text each time otherwise. */
const readsByText = keptByText<boolean>(2_000);
