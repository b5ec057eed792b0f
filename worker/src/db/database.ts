import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import type { Statement } from "./sql";

export type Orm = ReturnType<typeof drizzle<typeof schema>>;

/** D1's own count of rows read and returned, summed over a request's plain-SQL statements. */
export interface RowsRead {
  rowsRead: number;
  rowsReturned: number;
  /** The statement that read the page of a list (`isList`), counted on its own. */
  listRowsRead: number;
  listRowsReturned: number;
}

/**
 * The one way to reach D1 (docs/decisions/041). Every request gets one, from the `database`
 * middleware; Durable Objects, the queue consumer and scheduled handlers make their own.
 * - `orm` (Drizzle) for a row by its key and for writes: typed columns, nothing to keep in step.
 * - `all` / `first` / `batch` (plain SQL) for lists: keyset arms, merges and FTS read clearer in SQL,
 *   and these calls meter D1's `rows_read`, which Drizzle's D1 driver drops, so tests and the
 *   benchmarks can hold a list to what its page costs.
 * - `write` for several statements that must land together (one D1 batch is one transaction):
 *   a row and the counters it moves.
 */
export class Database {
  readonly orm: Orm;
  readonly reads: RowsRead = { rowsRead: 0, rowsReturned: 0, listRowsRead: 0, listRowsReturned: 0 };

  constructor(readonly d1: D1Database) {
    this.orm = drizzle(d1, { schema });
  }

  async all<T = Record<string, unknown>>(statement: Statement): Promise<T[]> {
    const [rows] = await this.batch<[T]>([statement]);
    return rows;
  }

  async first<T = Record<string, unknown>>(statement: Statement): Promise<T | null> {
    const rows = await this.all<T>(statement);
    return rows[0] ?? null;
  }

  /** Several reads in one round trip (one D1 transaction), each metered. */
  async batch<T extends unknown[]>(statements: Statement[]): Promise<{ [K in keyof T]: T[K][] }> {
    if (statements.length === 0) return [] as unknown as { [K in keyof T]: T[K][] };
    const results = await this.d1.batch(statements.map((s) => this.prepare(s)));
    results.forEach((result, i) => {
      const read = result.meta.rows_read ?? 0;
      const returned = result.results.length;
      this.reads.rowsRead += read;
      this.reads.rowsReturned += returned;
      if (statements[i]!.isList) {
        this.reads.listRowsRead += read;
        this.reads.listRowsReturned += returned;
      }
    });
    return results.map((r) => r.results) as unknown as { [K in keyof T]: T[K][] };
  }

  /** A statement for `write`: plain SQL with its binds. */
  prepare(statement: Statement): D1PreparedStatement {
    return this.d1.prepare(statement.sql).bind(...(statement.binds ?? []));
  }

  /** Statements that land together or not at all (one D1 batch). */
  async write(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    return statements.length ? this.d1.batch(statements) : [];
  }
}
