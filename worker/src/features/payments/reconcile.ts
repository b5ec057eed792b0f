import { type Page, type PageQuery, toPage } from "#shared/api.ts";
import type { PaymentMismatch } from "#shared/schemas/payments.ts";
import type { SubscriptionStatus } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import { iso } from "#worker/lib/time.ts";
import { getPaypalSubscription, paypalSettings, paypalStatus } from "#worker/providers/paypal.ts";
import {
  findStripeSubscription,
  stripeClient,
  stripeSettings,
  stripeStatus,
} from "#worker/providers/stripe.ts";
import { paypalBoundTo } from "./subscriptions";

// The daily reconciliation (Cron Trigger): every membership we hold as live is compared with the
// provider's own state; a disagreement is recorded for staff (admin: payment mismatches), not
// corrected here — the provider's webhooks or staff do that.

/** Subscriptions checked per run: the provider calls stay within one invocation's budget. */
const PER_RUN = 200;

interface LiveRow {
  id: number;
  user_id: number;
  payment_method: "STRIPE" | "PAYPAL";
  provider_subscription_id: string;
  status: SubscriptionStatus;
}

export async function reconcileMemberships(deps: Deps, now: number): Promise<number> {
  const { db, env } = deps;
  const stripe = stripeSettings(env);
  const paypal = paypalSettings(env);
  if (!stripe && !paypal) return 0;
  const rows = await db.all<LiveRow>({
    sql: `SELECT id, user_id, payment_method, provider_subscription_id, status FROM subscriptions
          WHERE status IN ('ACTIVE', 'PAST_DUE') AND provider_subscription_id IS NOT NULL
          ORDER BY id LIMIT ?`,
    binds: [PER_RUN],
  });
  const day = iso(now).slice(0, 10);
  const client = stripe ? stripeClient(stripe) : null;
  const found: D1PreparedStatement[] = [];
  for (const row of rows) {
    let providerStatus: string;
    let ours: SubscriptionStatus;
    let unbound = false;
    try {
      if (row.payment_method === "STRIPE") {
        if (!client) continue;
        // Stripe does not know it at all (null): that is a finding, not a failure to read.
        const sub = await findStripeSubscription(client, row.provider_subscription_id);
        providerStatus = sub?.status ?? "NOT_FOUND";
        ours = sub ? stripeStatus(sub.status) : "CANCELLED";
      } else {
        if (!paypal) continue;
        const sub = await getPaypalSubscription(paypal, row.provider_subscription_id);
        providerStatus = sub?.status ?? "NOT_FOUND";
        ours = sub ? paypalStatus(sub.status) : "CANCELLED";
        // One whose custom_id is not its member's reference (from before that was checked): its
        // webhooks no longer extend it, so staff see it.
        if (sub && !(await paypalBoundTo(deps, row.user_id, sub))) {
          providerStatus = `${sub.status} (not started from this account)`;
          unbound = true;
        }
      }
    } catch (error) {
      console.error("reconciliation could not read", row.payment_method, row.provider_subscription_id, error);
      continue;
    }
    if (ours === row.status && !unbound) continue;
    found.push(
      db.prepare({
        sql: `INSERT OR IGNORE INTO payment_mismatches
              (user_id, payment_method, subscription_id, local_status, provider_status, detail, day, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        binds: [
          row.user_id,
          row.payment_method,
          row.provider_subscription_id,
          row.status,
          providerStatus,
          `We hold this membership as ${row.status}; ${row.payment_method === "STRIPE" ? "Stripe" : "PayPal"} says ${providerStatus}`,
          day,
          now,
        ],
      }),
    );
  }
  await db.write(found);
  return found.length;
}

interface MismatchRow {
  id: number;
  username: string | null;
  payment_method: "STRIPE" | "PAYPAL";
  subscription_id: string;
  local_status: string;
  provider_status: string;
  detail: string;
  created_at: number;
}

/** `GET /api/admin/private/payment/mismatch/list`: newest first. */
export async function listMismatches({ db }: Deps, query: PageQuery): Promise<Page<PaymentMismatch>> {
  const [rows, total] = await db.batch<[MismatchRow, { n: number }]>([
    {
      sql: `SELECT m.id, u.username, m.payment_method, m.subscription_id, m.local_status, m.provider_status,
              m.detail, m.created_at
            FROM payment_mismatches m LEFT JOIN users u ON u.id = m.user_id
            ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
      binds: [query.limit, query.skip],
      isList: true,
    },
    { sql: "SELECT count(*) AS n FROM payment_mismatches" },
  ]);
  return toPage(
    rows.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    total[0]?.n ?? 0,
    query.limit,
  );
}
