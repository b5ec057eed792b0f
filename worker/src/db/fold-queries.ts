// Several SELECTs as one statement (docs/decisions/228): a read batch pays D1 per statement, so the
// lookups of a page go as one.

/** A SELECT whose rows another statement takes in, and the names of the columns it answers. */
export interface Folded {
  sql: string;
  keys: readonly string[];
}

/**
 * A SELECT with values of its own, to fold into a statement that has `after` binds already: its
 * placeholders are numbered from `after + 1`, so its text is the same for every value (workerd
 * keeps a prepared statement per text; a value written in made every text new, docs/decisions/234).
 */
export type BoundFold = (after: number) => Folded & { binds: unknown[] };

/**
 * Several SELECTs as one statement that answers one row (docs/decisions/228): each SELECT's rows as a
 * JSON array of arrays, each row's values in the order of its `keys`, in its own column, in its
 * order (arrays rather than objects keyed by name: the answer is less than half the bytes, and the
 * statement prepares sooner, docs/decisions/234). `from` ends the statement (a one-row table whose
 * columns they all read); `lead` goes before the folded columns (columns of that table). `unfold`
 * reads the row back as each SELECT's rows, keyed by name.
 */
export function foldSelects(selects: readonly Folded[], from = "", lead = ""): string {
  const columns = selects.map((select, i) => foldedColumn(select, `f${i}`));
  return `SELECT ${lead}${columns.join(",\n  ")}${from}`;
}

/** One SELECT's rows as one JSON array of arrays, in the column `name` (for `rowsOf`). */
export function foldedColumn({ sql, keys }: Folded, name: string): string {
  const values = keys.map((key) => `"${key}"`).join(", ");
  return `(SELECT json_group_array(json_array(${values})) FROM (${sql})) AS "${name}"`;
}

/** Rows answered as one JSON array of arrays (`json_group_array(json_array(...))`), as objects keyed by `keys`. */
export function rowsOf(text: unknown, keys: readonly string[]): object[] {
  const parsed: unknown = JSON.parse(typeof text === "string" ? text : "[]");
  if (!Array.isArray(parsed)) return [];
  const rows: object[] = [];
  for (const item of parsed as unknown[]) {
    if (!Array.isArray(item)) continue;
    const named: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) named[keys[k] as string] = item[k];
    rows.push(named);
  }
  return rows;
}

/** The rows of each SELECT `foldSelects` folded, from the one row its statement answered, keyed by name. */
export function unfold(row: object | undefined, selects: readonly Folded[]): object[][] {
  const values = new Map(Object.entries(row ?? {}));
  return selects.map(({ keys }, i) => rowsOf(values.get(`f${i}`), keys));
}
