// Several SELECTs as one statement (docs/decisions/228): a read batch pays D1 per statement, so the
// lookups of a page go as one.

/** A SELECT whose rows another statement takes in, and the names of the columns it answers. */
export interface Folded {
  sql: string;
  keys: readonly string[];
}

/**
 * Several SELECTs as one statement that answers one row (docs/decisions/228): each SELECT's rows as a
 * JSON array of objects keyed by its column names, in its own column, in its order. `prefix` goes in
 * front once (a `WITH` all of them read). `unfold` reads the row back as each SELECT's rows.
 */
export function foldSelects(prefix: string, selects: readonly Folded[]): string {
  const columns = selects.map(({ sql: text, keys }, i) => {
    const pairs = keys.map((key) => `'${key}', "${key}"`).join(", ");
    return `(SELECT json_group_array(json_object(${pairs})) FROM (${text})) AS f${i}`;
  });
  return `${prefix}SELECT ${columns.join(",\n  ")}`;
}

/** The rows of each SELECT `foldSelects` folded, from the one row its statement answered. */
export function unfold(row: object | undefined, count: number): object[][] {
  const values = new Map(Object.entries(row ?? {}));
  return Array.from({ length: count }, (_, i) => {
    const parsed: unknown = JSON.parse(String(values.get(`f${i}`) ?? "[]"));
    return Array.isArray(parsed) ? parsed.filter((item): item is object => typeof item === "object") : [];
  });
}
