import type { Database } from "../db/database";
import type { Statement } from "../db/sql";
import { RetryLater } from "./errors";
import {
  type CountRow,
  countStatement,
  forgetStatement,
  windowRow,
  withinAllowance,
} from "./rate-limit-queries";

export interface RateRule {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

/** SQL whose binds are numbered from ?`n`: a condition that can sit beside others in one statement. */
export type Condition = (n: number) => Statement;

/** The conditions joined with AND, their binds numbered from ?`n` one after another. */
export function allOf(n: number, conditions: Condition[]): Statement {
  const sql: string[] = [];
  const binds: unknown[] = [];
  for (const condition of conditions) {
    const part = condition(n + binds.length);
    sql.push(part.sql);
    binds.push(...(part.binds ?? []));
  }
  return { sql: sql.length ? sql.join(" AND ") : "1", binds };
}

/** The 429 for a hit whose row went past the rule's allowance. */
function judgeRate(row: CountRow | undefined, rule: RateRule, now: number): void {
  if (row && row.count > rule.max) tooMany(row.window_start + rule.windowMs - now);
}

/**
 * Counts one hit of `key` and answers 429 once the window's allowance is spent. One upsert, so
 * concurrent hits are counted exactly (D1 runs statements one at a time).
 */
export async function hitRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const now = Date.now();
  const [result] = await db.write([countStatement(db, key, rule.windowMs, now)]);
  judgeRate(result?.results[0] as CountRow | undefined, rule, now);
}

/**
 * Limit counters an action moves in the same round trip as its first read (`readCounted`), and
 * judges from their rows before that read is looked at: the 429 each limit's own `hit...` call
 * would answer. They count even when the read then finds nothing, as a hit made first would.
 */
export interface Counters {
  /** Statements for the front of the batch, in order. */
  statements: D1PreparedStatement[];
  /** Throws the first refusal, from the statements' results (in the same order). */
  judge(results: D1Result[]): Promise<void>;
  /**
   * SQL that holds, later in the same batch, when none of the counters refused: the guard of an
   * action's writes sent in the counters' own round trip (`judge` then throws for what it left out).
   */
  held: Condition;
}

const ALWAYS: Condition = () => ({ sql: "1" });

/** No counters: an action with nothing to count (a regular's daily allowance). */
export const NO_COUNTERS: Counters = { statements: [], judge: async () => {}, held: ALWAYS };

/**
 * `hitRateLimit` as counters: the same key, window and 429. With `onlyIf`, the hit counts only
 * while it holds (an action whose target is missing changes nothing).
 */
export function rateCounter(
  db: Database,
  key: string,
  rule: RateRule,
  now = Date.now(),
  onlyIf?: Condition,
): Counters {
  return {
    statements: [countStatement(db, key, rule.windowMs, now, onlyIf?.(4))],
    judge: async ([result]) => judgeRate(result?.results[0] as CountRow | undefined, rule, now),
    held: (n) => withinAllowance(key, rule.max, n),
  };
}

/**
 * An action's first reads with its counters in front, in one batch (one transaction), so one
 * round trip: a refusal is thrown before the reads are looked at. No counters: a plain read.
 */
export async function readCounted<T extends unknown[]>(
  db: Database,
  counters: Counters | undefined,
  reads: Statement[],
): Promise<{ [K in keyof T]: T[K][] }> {
  if (!counters?.statements.length) {
    await counters?.judge([]);
    return db.batch<T>(reads);
  }
  const { written, read } = await db.writeThenRead<T>(counters.statements, reads);
  await counters.judge(written);
  return read;
}

/**
 * Counters alone in one round trip, judged: for an action with no read to put them beside (its
 * first write must not happen once they refuse).
 */
export async function hitCounters(db: Database, counters: Counters): Promise<void> {
  await readCounted(db, counters, []);
}

/**
 * Answers 429 when `key` already spent its allowance, without counting a hit. With `hitRateLimit`
 * on failure only, it limits failures (wrong passwords) rather than every attempt.
 */
export async function checkRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const now = Date.now();
  const row = await windowRow(db, key, now - rule.windowMs);
  if (row && row.count >= rule.max) tooMany(row.window_start + rule.windowMs - now);
}

/** Forgets a key's hits (a successful login clears that account's failures). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.write([forgetStatement(db, key)]);
}

function tooMany(msLeft: number): never {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  throw new RetryLater(seconds, `Too many attempts. Try again in ${seconds} seconds.`);
}

/**
 * Counts one hit of `key` against a Workers Rate Limiting binding: for bursts of cheap, frequent
 * actions (votes) where a D1 write per request would cost more than the action itself
 * (docs/decisions/091). Its window is the binding's period; counts are per location, approximate.
 */
export async function hitBurstLimit(
  limiter: RateLimit | undefined,
  key: string,
  periodSeconds: number,
): Promise<void> {
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (!success)
    throw new RetryLater(periodSeconds, `Too many at once. Try again in ${periodSeconds} seconds.`);
}

/** The caller's address as Cloudflare reports it (local runs have none). */
export function clientAddress(headers: Headers): string {
  return headers.get("cf-connecting-ip") ?? headers.get("x-real-ip") ?? "local";
}
