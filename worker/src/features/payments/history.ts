import { type Page, toPage } from "#shared/api.ts";
import type { PaymentHistoryItem, PaymentHistoryQuery } from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { historyPage } from "./queries";

// The payment history (docs/decisions/070): the caller's own SUCCEEDED ledger rows, paid or received,
// newest first.

export async function listHistory(
  { db }: Deps,
  userId: number,
  query: PaymentHistoryQuery,
): Promise<Page<PaymentHistoryItem>> {
  const { rows, total } = await historyPage(db, userId, query);
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
  return toPage(list, total, query.limit);
}
