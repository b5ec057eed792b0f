import { type Column, getTableColumns, type InferModelFromColumns, is, Table } from "drizzle-orm";

// Plain-SQL lists (docs/decisions/041) select a table's columns by its Drizzle definition and read
// the rows back the way Drizzle would, so the select list and the row type have one source.

/** A table, or some of its columns by JS key (as Drizzle's `select()` takes them). */
export type Columns = Table | Record<string, Column>;

type ColumnMap<S extends Columns> = S extends Table ? S["_"]["columns"] : S;

/** A row of `source` as Drizzle types it. */
export type RowOf<S extends Columns> = InferModelFromColumns<ColumnMap<S>, "select">;

function columnMap(source: Columns): Record<string, Column> {
  return is(source, Table) ? getTableColumns(source) : source;
}

/** `j.owner_id AS "ownerId", …`: each column under the query's alias, named by its JS key. */
export function columnsOf(source: Columns, alias: string): string {
  return Object.entries(columnMap(source))
    .map(([key, column]) => `${alias}.${column.name} AS "${key}"`)
    .join(", ");
}

/** A row read with `columnsOf`, each value through its column's mapping (flags, JSON lists). */
export function rowOf<S extends Columns>(source: S, raw: object): RowOf<S> {
  const values = raw as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columnMap(source))) {
    const value = values[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as RowOf<S>;
}
