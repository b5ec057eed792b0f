import {
  Column,
  getTableColumns,
  type InferModelFromColumns,
  is,
  SQL,
  type SQLWrapper,
  sql,
  Table,
} from "drizzle-orm";
import { alias, SQLiteSyncDialect, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { fail } from "#worker/lib/errors.ts";

/** One SQL statement with its bound values. Integers taken from our own rows may be inlined. */
export interface Statement {
  sql: string;
  binds?: unknown[];
  /** The statement that pages through a list: its cost is reported on its own. */
  isList?: boolean;
  /** A list statement that answers its page inside one row: how many of the list's rows it holds. */
  listed?: (rows: unknown[]) => number;
}

/**
 * A table, or some of its columns by JS key (`{ id: users.id, ...ownerColumns }`, as Drizzle's
 * `select()` takes them).
 */
export type Columns = Table | Record<string, Column>;

type ColumnMap<S extends Columns> = S extends Table ? S["_"]["columns"] : S;

/** A row of `source` as Drizzle types it: `typeof table.$inferSelect`, or the same for some columns. */
export type RowOf<S extends Columns> = InferModelFromColumns<ColumnMap<S>, "select">;

function columnMap(source: Columns): Record<string, Column> {
  return is(source, Table) ? getTableColumns(source) : source;
}

/**
 * Each source's columns as `[key, column]` pairs, and the select lists and JSON objects made of
 * them, worked out once per isolate: tables and column maps are module constants that never change
 * while the isolate runs, and lists and rows read them on every request (every row, for `rowOf`).
 */
const entriesBySource = new WeakMap<object, Array<[string, Column]>>();
const textBySource = new WeakMap<object, Map<string, string>>();

function entriesOf(source: Columns): Array<[string, Column]> {
  let entries = entriesBySource.get(source);
  if (!entries) {
    entries = Object.entries(columnMap(source));
    entriesBySource.set(source, entries);
  }
  return entries;
}

function memoText(source: Columns, key: string, make: () => string): string {
  let texts = textBySource.get(source);
  if (!texts) {
    texts = new Map();
    textBySource.set(source, texts);
  }
  let text = texts.get(key);
  if (text === undefined) {
    text = make();
    texts.set(key, text);
  }
  return text;
}

/**
 * The select list of `source` for plain SQL, from the Drizzle table itself: each column under the
 * query's alias, named by its JS key (`m.public_id AS "publicId"`), so that `rowOf` can read it.
 * A `prefix` keeps two tables apart in one row (`o_` for a comment's author beside the comment).
 */
export function columnsOf(source: Columns, alias: string, prefix = ""): string {
  return memoText(source, `c ${alias} ${prefix}`, () =>
    entriesOf(source)
      .map(([key, column]) => `${alias}.${column.name} AS "${prefix}${key}"`)
      .join(", "),
  );
}

/**
 * The columns of `source` as one JSON object, keyed by JS key (`json_object('publicId', m.public_id, ...)`),
 * for statements that nest rows inside a value; `rowOf` reads the parsed object like a row.
 */
export function jsonObjectOf(source: Columns, alias: string): string {
  return memoText(source, `j ${alias}`, () => {
    const pairs = entriesOf(source).map(([key, column]) => `'${key}', ${alias}.${column.name}`);
    return `json_object(${pairs.join(", ")})`;
  });
}

/** The names `columnsOf(source, alias, prefix)` answers its columns under. */
export function keysOf(source: Columns, prefix = ""): string[] {
  return entriesOf(source).map(([key]) => prefix + key);
}

/**
 * A row read with `columnsOf`, as Drizzle would answer it: each column through its own driver
 * mapping (flags become booleans), typed `RowOf<source>`. Other fields of the raw row are left out.
 */
export function rowOf<S extends Columns>(source: S, raw: object, prefix = ""): RowOf<S> {
  const values = raw as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const { key, name, map } of readersOf(source, prefix)) {
    const value = values[name];
    row[key] = value === null || value === undefined ? null : map === null ? value : map(value);
  }
  return row as RowOf<S>;
}

/**
 * How `rowOf` reads each column of `source` under `prefix`, worked out once per isolate: the name
 * it is answered under, and its driver mapping, or null where Drizzle's is the identity (plain
 * integers and text, most columns), so a page's rows skip a call per value.
 */
interface ColumnReader {
  key: string;
  name: string;
  map: ((value: unknown) => unknown) | null;
}

const readersBySource = new WeakMap<object, Map<string, ColumnReader[]>>();

function readersOf(source: Columns, prefix: string): ColumnReader[] {
  let byPrefix = readersBySource.get(source);
  if (!byPrefix) {
    byPrefix = new Map();
    readersBySource.set(source, byPrefix);
  }
  let readers = byPrefix.get(prefix);
  if (!readers) {
    readers = entriesOf(source).map(([key, column]) => ({
      key,
      name: prefix + key,
      map:
        column.mapFromDriverValue === Column.prototype.mapFromDriverValue
          ? null
          : (value: unknown) => column.mapFromDriverValue(value),
    }));
    byPrefix.set(prefix, readers);
  }
  return readers;
}

/** Drizzle's SQLite dialect, only to turn `sql` templates into text and binds (it holds no state). */
const dialect = new SQLiteSyncDialect();

/**
 * A statement written with Drizzle: a `sql` template naming tables and columns through the schema's
 * objects (`${users.id}` is `"users"."id"`, so a renamed column fails the type check) with its values
 * bound, or a builder's query (`db.orm.select()...`, anything with `toSQL`). What `Database` runs.
 */
export function statement(
  query: SQL | { toSQL(): { sql: string; params: unknown[] } },
  options: { isList?: boolean } = {},
): Statement {
  const { sql: text, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return options.isList ? { sql: text, binds: params, isList: true } : { sql: text, binds: params };
}

/**
 * A fragment of a `sql` template as text, for statements still written as text (a select list,
 * a condition a batch shares): columns named through the schema, no bound values.
 */
export function sqlText(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length)
    throw new Error("sqlText: a fragment with bound values; inline our integers or bind them");
  return text;
}

/**
 * A table under another name, for a `sql` template that reads it twice or beside itself: the
 * aliased table, whose columns name the alias (`"r"."user_id"`), and what FROM or JOIN takes
 * (`"reactions" "r"`; the aliased table alone renders only its alias).
 */
export function aliased<T extends SQLiteTable>(table: T, name: string) {
  return [alias(table, name), sql`${table} ${sql.identifier(name)}`] as const;
}

/**
 * A column by its bare name (`"window_start"`), where SQL takes no table before it: an insert's
 * column list, an update's SET, an upsert's conflict target.
 */
export function nameOf(column: Column): SQLWrapper {
  return sql.identifier(column.name);
}

/**
 * The select list of `source` for a `sql` template: each column named by its JS key
 * (`"users"."profile_name" AS "profileName"`), so `rowOf` reads the row. A `prefix` keeps two
 * tables apart in one row.
 */
export function selectOf(source: Columns, prefix = ""): SQL {
  return sql.join(
    entriesOf(source).map(([key, column]) => sql`${column} AS ${sql.identifier(prefix + key)}`),
    sql`, `,
  );
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
    fail(422, "not a cursor of this list; use the next_cursor of its previous page", { field: "cursor" });
  return values;
}
