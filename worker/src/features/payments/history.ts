import { type Page, toPage } from "#shared/api.ts";
import type {
  PaymentHistoryItem,
  PaymentHistoryQuery,
  PaymentMethod,
  PaymentType,
} from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";

// The payment history (docs/decisions/070): the caller's own SUCCEEDED ledger rows, paid or received,
// newest first.

interface HistoryRow {
  public_id: string;
  payment_method: PaymentMethod;
  payment_type: PaymentType;
  amount: number;
  currency: string;
  payer_id: number | null;
  receiver_id: number | null;
  payer_username: string | null;
  payer_image: string | null;
  receiver_username: string | null;
  receiver_image: string | null;
  created_at: number;
}

export async function listHistory(
  { db }: Deps,
  userId: number,
  query: PaymentHistoryQuery,
): Promise<Page<PaymentHistoryItem>> {
  const [rows, total] = await db.batch<[HistoryRow, { n: number }]>([
    {
      sql: `SELECT p.public_id, p.payment_method, p.payment_type, p.amount, p.currency, p.payer_id, p.receiver_id,
              pu.username AS payer_username, pu.profile_image AS payer_image,
              ru.username AS receiver_username, ru.profile_image AS receiver_image, p.created_at
            FROM payments p
            LEFT JOIN users pu ON pu.id = p.payer_id
            LEFT JOIN users ru ON ru.id = p.receiver_id
            WHERE p.status = 'SUCCEEDED' AND (p.payer_id = ?1 OR p.receiver_id = ?1)
            ORDER BY p.id DESC LIMIT ?2 OFFSET ?3`,
      binds: [userId, query.limit, query.skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM payments
            WHERE status = 'SUCCEEDED' AND (payer_id = ?1 OR receiver_id = ?1)`,
      binds: [userId],
    },
  ]);
  const list = rows.map(
    (r): PaymentHistoryItem => ({
      payment_id: r.public_id,
      payment_method: r.payment_method,
      payment_type: r.payment_type,
      amount_paid: r.amount,
      currency: r.currency,
      payer: r.payer_username ? { username: r.payer_username, profile_image: r.payer_image } : null,
      user_is_payer: r.payer_id === userId,
      receiver: r.receiver_username
        ? { username: r.receiver_username, profile_image: r.receiver_image }
        : null,
      user_is_receiver: r.receiver_id === userId,
      created_at: iso(r.created_at),
    }),
  );
  return toPage(list, total[0]?.n ?? 0, query.limit);
}
