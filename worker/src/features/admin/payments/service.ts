import { type Page, type PageQuery, toPage } from "#shared/api.ts";
import type { PaymentMismatch } from "#shared/schemas/payments.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { mismatchPage } from "./queries";

/** `GET /api/admin/private/payment/mismatch/list`: newest first. */
export async function listMismatches({ db }: Deps, query: PageQuery): Promise<Page<PaymentMismatch>> {
  const { rows, total } = await mismatchPage(db, query);
  return toPage(
    rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    total,
    query.limit,
  );
}
