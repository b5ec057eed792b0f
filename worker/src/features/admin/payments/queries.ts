import type { PageQuery } from "#shared/api.ts";
import type { Database } from "#worker/db/database.ts";

// The mismatches the daily reconciliation recorded (features/payments/reconcile.ts), as staff read them.

/** A recorded mismatch, in the database's names. */
export interface MismatchRow {
  id: number;
  username: string | null;
  payment_method: "STRIPE" | "PAYPAL";
  subscription_id: string;
  local_status: string;
  provider_status: string;
  detail: string;
  created_at: number;
}

/** A page of the recorded mismatches, newest first, and their count. */
export async function mismatchPage(
  db: Database,
  page: PageQuery,
): Promise<{ rows: MismatchRow[]; total: number }> {
  const [rows, total] = await db.batch<[MismatchRow, { n: number }]>([
    {
      sql: `SELECT m.id, u.username, m.payment_method, m.subscription_id, m.local_status, m.provider_status,
              m.detail, m.created_at
            FROM payment_mismatches m LEFT JOIN users u ON u.id = m.user_id
            ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      binds: [page.limit, page.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM payment_mismatches" },
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
