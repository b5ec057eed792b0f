import { fail } from "#worker/lib/errors.ts";

/** One SQL statement with its bound values. Integers taken from our own rows may be inlined. */
export interface Statement {
  sql: string;
  binds?: unknown[];
  /** The statement that pages through a list: its cost is reported on its own. */
  isList?: boolean;
}

/** Integers for an inline `IN (...)` list: they come from our rows, never from the client. */
export function idList(ids: Iterable<number>): string {
  const list = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  return list.length ? list.join(",") : "NULL";
}

/**
 * A keyset cursor: the sort values of the last row of a page, joined with dots, behind a tag that
 * says which order it belongs to ("n.1700000000000.42"). Opaque to clients; checked on the way in.
 */
export function encodeCursor(tag: string, values: number[]): string {
  return [tag, ...values].join(".");
}

export function decodeCursor(cursor: string | undefined, tag: string, size: number): number[] | null {
  if (cursor === undefined || cursor === "") return null;
  const [head, ...rest] = cursor.split(".");
  const values = rest.map(Number);
  if (head !== tag || values.length !== size || !values.every((v) => Number.isSafeInteger(v)))
    fail(422, "cursor: not a cursor of this list; use the next_cursor of its previous page");
  return values;
}

export interface KeysetColumn {
  /** The column as the query names it ("m.total_votes"). */
  expr: string;
  /** Its name in the result ("total_votes"). */
  name: string;
}

/**
 * A page of rows after a keyset cursor, in the order of `columns` (all descending or all ascending).
 * SQLite seeks a row-value condition `(a, b) < (x, y)` on its first column only, so with many ties
 * in `a` (every post with 0 votes) it would read every tied row before the cursor. Instead each
 * "after" condition is its own arm with an exact index seek: `a = x AND b < y`, then `a < x`; the
 * arms are merged lazily in order. Cursor values are inlined: `decodeCursor` made them integers.
 */
export function keysetSql(input: {
  select: string;
  from: string;
  where: string;
  columns: KeysetColumn[];
  dir: "DESC" | "ASC";
  values: number[] | null;
  limit: number;
  skip: number;
}): string {
  const order = (useNames: boolean) =>
    input.columns.map((c) => `${useNames ? c.name : c.expr} ${input.dir}`).join(", ");
  if (!input.values) {
    return `SELECT ${input.select} FROM ${input.from} WHERE ${input.where}
      ORDER BY ${order(false)} LIMIT ${input.limit} OFFSET ${input.skip}`;
  }
  const after = input.dir === "DESC" ? "<" : ">";
  const values = input.values;
  const arms = input.columns.map((_, i) => {
    const equal = input.columns
      .slice(0, input.columns.length - 1 - i)
      .map((c, j) => `${c.expr} = ${values[j]}`);
    const k = input.columns.length - 1 - i;
    const conditions = [input.where, ...equal, `${input.columns[k]!.expr} ${after} ${values[k]}`];
    return `SELECT ${input.select} FROM ${input.from} WHERE ${conditions.join(" AND ")}`;
  });
  return `${arms.join(" UNION ALL ")} ORDER BY ${order(true)} LIMIT ${input.limit}`;
}
