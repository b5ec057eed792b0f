import type { Database } from "../db/database";
import { RetryLater } from "./errors";

export interface RateRule {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

/**
 * Counts one hit of `key` and answers 429 once the window's allowance is spent. One upsert, so
 * concurrent hits are counted exactly (D1 runs statements one at a time).
 */
export async function hitRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const now = Date.now();
  const [result] = await db.write([
    db.prepare({
      sql: `INSERT INTO rate_limits (key, count, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
       RETURNING count, window_start`,
      binds: [key, now, rule.windowMs],
    }),
  ]);
  const row = result?.results[0] as { count: number; window_start: number } | undefined;
  if (row && row.count > rule.max) tooMany(row.window_start + rule.windowMs - now);
}

/**
 * Answers 429 when `key` already spent its allowance, without counting a hit. With `hitRateLimit`
 * on failure only, it limits failures (wrong passwords) rather than every attempt.
 */
export async function checkRateLimit(db: Database, key: string, rule: RateRule): Promise<void> {
  const now = Date.now();
  const row = await db.first<{ count: number; window_start: number }>({
    sql: "SELECT count, window_start FROM rate_limits WHERE key = ?1 AND window_start > ?2",
    binds: [key, now - rule.windowMs],
  });
  if (row && row.count >= rule.max) tooMany(row.window_start + rule.windowMs - now);
}

/** Forgets a key's hits (a successful login clears that account's failures). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.write([db.prepare({ sql: "DELETE FROM rate_limits WHERE key = ?1", binds: [key] })]);
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
