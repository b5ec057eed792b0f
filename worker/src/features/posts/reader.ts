import type { Context } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { isDevelopment } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";

/** One SQL statement with its bound values. Integers taken from our own rows may be inlined. */
export interface Statement {
  sql: string;
  binds?: unknown[];
  /** The statement that pages through a list: its cost is reported on its own. */
  isList?: boolean;
}

/**
 * Reads from D1 and keeps D1's own count of rows read (`meta.rows_read`) beside the rows returned,
 * so tests and the benchmark can check that a list costs what its page costs, whatever the offset
 * or the size of the database. Lists are read with plain SQL here: keyset conditions and k-way
 * merges are clearer in SQL than through the query builder, and drizzle's D1 driver drops `meta`.
 */
export class Reader {
  rowsRead = 0;
  rowsReturned = 0;
  listRowsRead = 0;
  listRowsReturned = 0;

  constructor(readonly d1: D1Database) {}

  async all<T>(statement: Statement): Promise<T[]> {
    const [rows] = await this.batch<[T]>([statement]);
    return rows;
  }

  async first<T>(statement: Statement): Promise<T | null> {
    const rows = await this.all<T>(statement);
    return rows[0] ?? null;
  }

  /** Several statements in one round trip (one D1 transaction). */
  async batch<T extends unknown[]>(statements: Statement[]): Promise<{ [K in keyof T]: T[K][] }> {
    if (statements.length === 0) return [] as unknown as { [K in keyof T]: T[K][] };
    const prepared = statements.map((s) => this.d1.prepare(s.sql).bind(...(s.binds ?? [])));
    const results = await this.d1.batch(prepared);
    results.forEach((result, i) => {
      const read = result.meta.rows_read ?? 0;
      const returned = result.results.length;
      this.rowsRead += read;
      this.rowsReturned += returned;
      if (statements[i]!.isList) {
        this.listRowsRead += read;
        this.listRowsReturned += returned;
      }
    });
    return results.map((r) => r.results) as unknown as { [K in keyof T]: T[K][] };
  }
}

/**
 * In development and tests, an answer tells what it cost in D1: `X-D1-Rows-Read` for the whole
 * request and `X-D1-List-Rows-Read` / `-Returned` for the statement that read the page.
 */
export function reportReads(c: Context<AppEnv>, reader: Reader): void {
  if (!isDevelopment(c.env)) return;
  c.header("X-D1-Rows-Read", String(reader.rowsRead));
  c.header("X-D1-Rows-Returned", String(reader.rowsReturned));
  c.header("X-D1-List-Rows-Read", String(reader.listRowsRead));
  c.header("X-D1-List-Rows-Returned", String(reader.listRowsReturned));
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
