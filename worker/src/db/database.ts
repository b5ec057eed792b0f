import { drizzle } from "drizzle-orm/d1";
import { changesPages, noteDatabaseChange, onlyReads } from "./changes";
import { type BoundFold, type Folded, foldedColumn, foldSelects, rowsOf, unfold } from "./fold-queries";
import type { Statement } from "./sql";

/**
 * Drizzle over a request's D1 session, made with Drizzle's own `drizzle()`. It is given no schema:
 * nothing here uses the relational API (`db.query…`), and without one Drizzle reads no schema when
 * it is built, so building it per request costs a few objects. Queries name their tables and
 * columns through the schema's objects (`#worker/db/schema/index.ts`), which type them.
 */
export type Orm = ReturnType<typeof drizzle>;

function ormOver(client: D1DatabaseSession): Orm {
  // Drizzle's D1 driver only calls `prepare` and `batch`, which a session has.
  return drizzle(client as unknown as D1Database);
}

/** D1's own count of rows read and returned, summed over a request's plain-SQL statements. */
export interface RowsRead {
  rowsRead: number;
  rowsReturned: number;
  /** The statement that read the page of a list (`isList`), counted on its own. */
  listRowsRead: number;
  listRowsReturned: number;
}

/**
 * A check that rides in front of a request's first round trip instead of taking one of its own:
 * the token check of a signed-in request (middleware/auth.ts, docs/decisions/156).
 */
export interface Rider {
  /** Reads placed first in that round trip. */
  reads: Statement[];
  /** Placed before the round trip's writes: fails the whole batch (nothing lands) unless the check holds. */
  guard: Statement;
  /** Given the reads' rows; throws when the check fails, and the caller gets that error. */
  settle(rows: unknown[][]): void;
  /** Whether a batch's error is the guard's refusal, and the error to throw instead. */
  refusal(error: unknown): Error | null;
  /**
   * The reads (one of them) as a SELECT with binds of its own, for a read statement to fold in
   * instead of a statement of their own (`Database.foldRider`, docs/decisions/234).
   */
  fold?: BoundFold;
  /**
   * The reads (one of them) as a SELECT to fold into the guard's own statement, for a round trip
   * that writes: the guard (a SELECT of one value, no FROM) and the check's read as one statement
   * on the primary instead of two (`riderInFront`).
   */
  guardFold?: BoundFold;
}

/**
 * A rider taken to fold into a caller's statement: `column` goes in its SELECT list (the rider's
 * SELECT as the column "rider"), `binds` after the statement's own; then `settle` with the row the
 * statement answered, or `fail`.
 */
export interface FoldedRider {
  column: string;
  binds: unknown[];
  settle(row: object | undefined): void;
  fail(error: unknown): void;
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
  private drizzle: Orm | null = null;
  readonly reads: RowsRead = { rowsRead: 0, rowsReturned: 0, listRowsRead: 0, listRowsReturned: 0 };
  /** Round trips to D1 so far: each statement run on its own and each batch counts one. */
  calls = 0;
  /**
   * Statements sent so far, the rider's and guards included. A request that writes runs in a
   * session that starts on the primary, so for a write this is its statements on the primary.
   */
  statements = 0;
  /** The D1 session every statement of this handle runs in (reads may go to a replica). */
  readonly session: D1DatabaseSession;
  /** The session as Drizzle and this class see it: the same, with each round trip counted. */
  private readonly d1: D1DatabaseSession;

  /**
   * `bookmark`: where the session starts. A bookmark from an earlier answer reads at least what
   * that answer had written; "first-unconstrained" lets the first read go to any replica;
   * "first-primary" (the default, for Durable Objects, the queue and scheduled work) starts on the
   * primary, so a check before a write sees every earlier write.
   */
  constructor(database: D1Database, bookmark: string = "first-primary") {
    this.session = database.withSession(bookmark);
    this.d1 = countedSession(
      this.session,
      (statements) => {
        this.calls += 1;
        this.statements += statements;
      },
      this,
    );
  }

  private rider: Rider | null = null;
  /** The rider's round trip while it is under way (later calls wait for its verdict). */
  private riding: Promise<void> | null = null;

  /** Carries `rider` in front of the next round trip (docs/decisions/156). */
  ride(rider: Rider): void {
    this.rider = rider;
  }

  /** Whether a rider waits for the next round trip (its rows are not known yet). */
  get riderWaiting(): boolean {
    return this.rider !== null;
  }

  /**
   * Before a batch: the rider to carry in it, or null, once a rider already under way has settled
   * (its error, when it failed, is this call's too). `finish` reports how the carrying batch ended.
   */
  async board(): Promise<{ rider: Rider; finish: (error?: unknown) => void } | null> {
    if (this.riding) await this.riding;
    const rider = this.rider;
    if (!rider) return null;
    this.rider = null;
    let finish!: (error?: unknown) => void;
    this.riding = new Promise<void>((resolve, reject) => {
      finish = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.riding.catch(() => {});
    return { rider, finish };
  }

  /** The rider's verdict now: in a round trip of its own when nothing carried it yet. */
  async settleRider(): Promise<void> {
    const boarded = await this.board();
    if (!boarded) return;
    const { rider, finish } = boarded;
    try {
      this.calls += 1;
      this.statements += rider.reads.length;
      const results = await this.session.batch(
        rider.reads.map((s) => this.session.prepare(s.sql).bind(...(s.binds ?? []))),
      );
      rider.settle(results.map((r) => r.results));
      finish();
    } catch (error) {
      finish(error);
      throw error;
    }
  }

  /**
   * The waiting rider's reads as one SELECT for the caller to fold into its next statement, taken
   * off the round trip that would have carried them (docs/decisions/234): the caller puts `column`
   * and `binds` in its statement (the SELECT's placeholders are numbered after `after`), then gives
   * `settle` the row it answered, or `fail` its error. Null when no rider waits or its reads do
   * not fold.
   */
  async foldRider(after: number): Promise<FoldedRider | null> {
    if (this.riding) await this.riding;
    const fold = this.rider?.fold;
    if (!fold) return null;
    const folded = fold(after);
    const boarded = await this.board();
    if (!boarded) return null;
    const { rider, finish } = boarded;
    return {
      column: foldedColumn(folded, "rider"),
      binds: folded.binds,
      settle(row) {
        try {
          rider.settle(riderRows(row, folded.keys));
          finish();
        } catch (error) {
          finish(error);
          throw error;
        }
      },
      fail: (error) => finish(error),
    };
  }

  /**
   * Several SELECTs over the same binds as one statement that answers one row (`foldSelects`), a
   * waiting rider folded in as its own column (`foldRider`): a page and what it shows, the token
   * check included, in one statement (docs/decisions/234). Answers each SELECT's rows, keyed by its
   * names.
   */
  async readFolded(selects: readonly Folded[], binds: unknown[] = []): Promise<object[][]> {
    const rider = await this.foldRider(binds.length);
    const lead = rider ? `${rider.column},\n  ` : "";
    const [rows] = await this.batch<[object]>(
      [{ sql: foldSelects(selects, "", lead), binds: [...binds, ...(rider?.binds ?? [])] }],
      rider ?? undefined,
    );
    rider?.settle(rows[0]);
    return unfold(rows[0], selects);
  }

  /** Drizzle over the session, made on first use (many requests never need it, and it costs to build). */
  get orm(): Orm {
    this.drizzle ??= ormOver(this.d1);
    return this.drizzle;
  }

  /** The bookmark to hand back: later sessions that start from it see this one's writes. */
  bookmark(): string | null {
    return this.session.getBookmark();
  }

  async all<T = Record<string, unknown>>(statement: Statement): Promise<T[]> {
    const [rows] = await this.batch<[T]>([statement]);
    return rows;
  }

  async first<T = Record<string, unknown>>(statement: Statement): Promise<T | null> {
    const rows = await this.all<T>(statement);
    return rows[0] ?? null;
  }

  /** Batches that carry a folded rider (`foldRider`): they go without waiting for its verdict. */
  readonly carrying = new WeakSet<D1PreparedStatement[]>();

  /**
   * Several reads in one round trip (one D1 transaction), each metered. `folded`: the rider one of
   * them carries (`foldRider`), failed with the batch's error.
   */
  async batch<T extends unknown[]>(
    statements: Statement[],
    folded?: FoldedRider,
  ): Promise<{ [K in keyof T]: T[K][] }> {
    if (statements.length === 0) return [] as unknown as { [K in keyof T]: T[K][] };
    const prepared = statements.map((s) => this.prepare(s));
    if (folded) this.carrying.add(prepared);
    let results: D1Result[];
    try {
      results = await this.d1.batch(prepared);
    } catch (error) {
      folded?.fail(error);
      throw error;
    }
    this.meter(statements, results);
    return results.map((r) => r.results) as unknown as { [K in keyof T]: T[K][] };
  }

  /**
   * Writes, then reads, in one round trip (one D1 batch, so one transaction): the counters an action
   * moves before its first read. The reads are metered as `batch` meters them.
   */
  async writeThenRead<T extends unknown[]>(
    writes: D1PreparedStatement[],
    reads: Statement[],
  ): Promise<{ written: D1Result[]; read: { [K in keyof T]: T[K][] } }> {
    const results = await this.write([...writes, ...reads.map((s) => this.prepare(s))]);
    const readResults = results.slice(writes.length);
    this.meter(reads, readResults);
    return {
      written: results.slice(0, writes.length),
      read: readResults.map((r) => r.results) as unknown as { [K in keyof T]: T[K][] },
    };
  }

  private meter(statements: Statement[], results: D1Result[]): void {
    results.forEach((result, i) => {
      const read = result.meta.rows_read ?? 0;
      const returned = result.results.length;
      this.reads.rowsRead += read;
      this.reads.rowsReturned += returned;
      const statement = statements[i]!;
      if (statement.isList) {
        this.reads.listRowsRead += read;
        this.reads.listRowsReturned += statement.listed ? statement.listed(result.results) : returned;
      }
    });
  }

  /**
   * Reads in one round trip, kept out of the rows-read meter: the token check every signed-in
   * request makes (a fixed statement by primary key), which no list's cost should include.
   */
  async unmetered<T extends unknown[]>(statements: Statement[]): Promise<{ [K in keyof T]: T[K][] }> {
    const results = await this.d1.batch(statements.map((s) => this.prepare(s)));
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

const RUNS = new Set(["first", "run", "all", "raw"]);

/** The rows of a rider folded into a statement as its column "rider" (`foldedColumn`), as `Rider.settle` takes them. */
function riderRows(row: unknown, keys: readonly string[]): unknown[][] {
  return [rowsOf((row as { rider?: unknown } | undefined)?.rider, keys)];
}

/**
 * What a rider puts in front of a round trip, and its reads' rows from the results: its reads, then
 * (when the round trip writes) its guard; or, when it can fold its reads into the guard
 * (`guardFold`), the guard with the reads as its column "rider", one statement.
 */
function riderInFront(
  rider: Rider,
  writes: boolean,
): { statements: Statement[]; rows: (results: D1Result[]) => unknown[][] } {
  if (writes && rider.guardFold) {
    const guardBinds = rider.guard.binds ?? [];
    const folded = rider.guardFold(guardBinds.length);
    return {
      statements: [
        {
          sql: `${rider.guard.sql}, ${foldedColumn(folded, "rider")}`,
          binds: [...guardBinds, ...folded.binds],
        },
      ],
      rows: ([guarded]) => riderRows(guarded?.results[0], folded.keys),
    };
  }
  return {
    statements: [...rider.reads, ...(writes ? [rider.guard] : [])],
    rows: (results) => results.slice(0, rider.reads.length).map((r) => r.results),
  };
}

/** Runs `work`, then notes a change of the database when it may have changed a page (`db/changes.ts`). */
function noted<T>(changes: boolean, work: Promise<T>): Promise<T> {
  if (!changes) return work;
  return work.finally(noteDatabaseChange);
}

/**
 * The session with a counter on every round trip: a statement's `first`/`run`/`all`/`raw` and
 * the session's `batch` (whose statements are unwrapped, so D1 gets its own objects). A round trip
 * with a statement that may write notes a change of the database when it is over.
 */
function countedSession(
  session: D1DatabaseSession,
  count: (statements: number) => void,
  gate: Database,
): D1DatabaseSession {
  // `writes`: the statement may write (a rider's guard goes before it); `changes`: it moves the
  // change count when its round trip is over (every write but a tally's, db/changes.ts).
  type Kind = { writes: boolean; changes: boolean };
  const originals = new WeakMap<object, { statement: D1PreparedStatement } & Kind>();
  const wrap = (statement: D1PreparedStatement, kind: Kind): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key, target);
        if (typeof value !== "function") return value;
        if (key === "bind")
          return (...values: unknown[]) =>
            wrap((value as D1PreparedStatement["bind"]).apply(target, values), kind);
        if (typeof key === "string" && RUNS.has(key))
          return async (...args: unknown[]) => {
            // A statement on its own carries no rider: the check goes first, in its own round trip.
            await gate.settleRider();
            count(1);
            return noted(kind.changes, (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
          };
        return value.bind(target);
      },
    });
    originals.set(proxy, { statement, ...kind });
    return proxy;
  };
  return {
    prepare: (sql: string) =>
      wrap(session.prepare(sql), { writes: !onlyReads(sql), changes: changesPages(sql) }),
    batch: async <T>(statements: D1PreparedStatement[]) => {
      // A batch that carries the rider folded into a statement (`foldRider`) is its verdict.
      const boarded = gate.carrying.has(statements) ? null : await gate.board();
      const known = statements.map((s) => originals.get(s));
      const writes = known.some((k) => !k || k.writes);
      const changes = known.some((k) => !k || k.changes);
      const own = statements.map((s, i) => known[i]?.statement ?? s);
      if (!boarded) {
        count(own.length);
        return noted(changes, session.batch<T>(own));
      }
      // The rider's reads first; before any write, its guard (the reads folded into it when they
      // can be), so a failed check lands nothing.
      const { rider, finish } = boarded;
      const inFront = riderInFront(rider, writes);
      const front = inFront.statements.map((s) => session.prepare(s.sql).bind(...(s.binds ?? [])));
      count(front.length + own.length);
      let results: D1Result<T>[];
      try {
        results = await noted(changes, session.batch<T>([...front, ...own]));
      } catch (error) {
        const refused = rider.refusal(error);
        finish(refused ?? error);
        throw refused ?? error;
      }
      try {
        rider.settle(inFront.rows(results));
        finish();
      } catch (error) {
        finish(error);
        throw error;
      }
      return results.slice(front.length);
    },
    getBookmark: () => session.getBookmark(),
  } as D1DatabaseSession;
}
