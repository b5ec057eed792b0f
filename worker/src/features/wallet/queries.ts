import { and, eq } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { walletSends } from "#worker/db/schema/index.ts";

// The wallet's SQL: the sends' states and the ledger row a confirmed send leaves.

type SendRow = typeof walletSends.$inferSelect;

/**
 * Takes over a SENDING row whose last broadcast is older than `staleMs` (or never happened); true
 * for the one request that gets it.
 */
export async function claimStaleSend(
  db: Database,
  id: number,
  now: number,
  staleMs: number,
): Promise<boolean> {
  const [result] = await db.write([
    db.prepare({
      sql: `UPDATE wallet_sends SET sent_at = ?1, updated_at = ?1
            WHERE id = ?2 AND status = 'SENDING' AND (sent_at IS NULL OR sent_at < ?3) RETURNING id`,
      binds: [now, id, now - staleMs],
    }),
  ]);
  return (result?.results.length ?? 0) > 0;
}

/** A send still under way given up, with the reason. */
export async function markSendFailed(db: Database, id: number, reason: string): Promise<void> {
  await db.orm
    .update(walletSends)
    .set({ status: "FAILED", error: reason })
    .where(and(eq(walletSends.id, id), eq(walletSends.status, "SENDING")))
    .run();
}

/**
 * The send CONFIRMED and its CRYPTO_TRANSFER ledger row (`paymentId` its public id), to land
 * together. provider_ref (the signature) is unique per method: a second confirm records nothing.
 */
export function sendConfirmedStatements(
  db: Database,
  row: Pick<SendRow, "id" | "amount" | "userId" | "receiverId" | "signature">,
  paymentId: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db.prepare({
      sql: "UPDATE wallet_sends SET status = 'CONFIRMED', updated_at = ?1 WHERE id = ?2 AND status = 'SENDING'",
      binds: [now, row.id],
    }),
    db.prepare({
      sql: `INSERT INTO payments (public_id, payment_method, payment_type, status, amount, currency,
              payer_id, receiver_id, provider_ref, created_at, updated_at)
            VALUES (?1, 'CRYPTO', 'CRYPTO_TRANSFER', 'SUCCEEDED', ?2, 'SOL', ?3, ?4, ?5, ?6, ?6)
            ON CONFLICT DO NOTHING`,
      binds: [paymentId, row.amount, row.userId, row.receiverId, row.signature, now],
    }),
  ];
}

/** The person's sends still waiting for the network. */
export function sendsUnderWay(db: Database, userId: number): Promise<SendRow[]> {
  return db.orm
    .select()
    .from(walletSends)
    .where(and(eq(walletSends.userId, userId), eq(walletSends.status, "SENDING")))
    .all();
}
