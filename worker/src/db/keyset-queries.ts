import { type Column, getTableColumns, type Table } from "drizzle-orm";

// Keyset pages of a list, as plain SQL: the select list, source and condition come from a feature's
// queries module, the arms and their order from here.

export interface KeysetColumn {
  /** The column as the query names it ("m.total_votes"). */
  expr: string;
  /** Its name in the result, as `columnsOf` names it ('"totalVotes"'). */
  name: string;
}

/** A sort column of a keyset list, from the Drizzle table: `keysetColumn(microposts, "m", "totalVotes")`. */
export function keysetColumn<T extends Table>(
  table: T,
  alias: string,
  key: keyof T["_"]["columns"] & string,
): KeysetColumn {
  const column = getTableColumns(table)[key] as Column;
  return { expr: `${alias}.${column.name}`, name: `"${key}"` };
}

/**
 * A page of rows after a keyset cursor, in the order of `columns` (all descending or all ascending).
 * SQLite seeks a row-value condition `(a, b) < (x, y)` on its first column only, so with many ties
 * in `a` (every post with 0 votes) it would read every tied row before the cursor. Instead each
 * "after" condition is its own arm with an exact index seek: `a = x AND b < y`, then `a < x`; the
 * arms are merged lazily in order. Cursor values are inlined (`decodeCursor` made them integers),
 * or with `bindAfter` placeholders numbered after the statement's own binds, the caller binding
 * `values` after them: one text for every page of the list, which D1 prepares once
 * (docs/decisions/234).
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
  bindAfter?: number;
}): string {
  const order = (useNames: boolean) =>
    input.columns.map((c) => `${useNames ? c.name : c.expr} ${input.dir}`).join(", ");
  if (!input.values) {
    return `SELECT ${input.select} FROM ${input.from} WHERE ${input.where}
      ORDER BY ${order(false)} LIMIT ${input.limit} OFFSET ${input.skip}`;
  }
  const after = input.dir === "DESC" ? "<" : ">";
  const values = input.values;
  const { bindAfter } = input;
  const value = (j: number) => (bindAfter === undefined ? String(values[j]) : `?${bindAfter + j + 1}`);
  const arms = input.columns.map((_, i) => {
    const equal = input.columns
      .slice(0, input.columns.length - 1 - i)
      .map((c, j) => `${c.expr} = ${value(j)}`);
    const k = input.columns.length - 1 - i;
    const conditions = [input.where, ...equal, `${input.columns[k]!.expr} ${after} ${value(k)}`];
    return `SELECT ${input.select} FROM ${input.from} WHERE ${conditions.join(" AND ")}`;
  });
  return `${arms.join(" UNION ALL ")} ORDER BY ${order(true)} LIMIT ${input.limit}`;
}
