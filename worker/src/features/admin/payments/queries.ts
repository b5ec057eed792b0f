import { sql } from "drizzle-orm";
import type { PageQuery } from "#shared/api.ts";
import type { Database } from "#worker/db/database.ts";
import { paymentMismatches, users } from "#worker/db/schema/index.ts";
import { statement } from "#worker/db/sql.ts";

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
  const m = paymentMismatches;
  const [rows, total] = await db.batch<[MismatchRow, { n: number }]>([
    statement(
      sql`SELECT ${m.id} AS id, ${users.username} AS username, ${m.paymentMethod} AS payment_method,
          ${m.subscriptionId} AS subscription_id, ${m.localStatus} AS local_status,
          ${m.providerStatus} AS provider_status, ${m.detail} AS detail, ${m.createdAt} AS created_at
        FROM ${m} LEFT JOIN ${users} ON ${users.id} = ${m.userId}
        ORDER BY ${m.createdAt} DESC, ${m.id} DESC LIMIT ${page.limit} OFFSET ${page.skip}`,
      { isList: true },
    ),
    statement(sql`SELECT count(*) AS n FROM ${m}`),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
