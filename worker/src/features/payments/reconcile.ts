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
import { paypalBoundTo } from "./memberships";
import { liveSubscriptionRows, mismatchStatement } from "./queries";

// The daily reconciliation (Cron Trigger): every membership we hold as live is compared with the
// provider's own state; a disagreement is recorded for staff (admin: payment mismatches), not
// corrected here — the provider's webhooks or staff do that. Staff read what it found in
// features/admin/payments.

/** Subscriptions checked per run: the provider calls stay within one invocation's budget. */
const PER_RUN = 200;

export async function reconcileMemberships(deps: Deps, now: number): Promise<number> {
  const { db, env } = deps;
  const stripe = stripeSettings(env);
  const paypal = paypalSettings(env);
  if (!stripe && !paypal) return 0;
  const rows = await liveSubscriptionRows(db, PER_RUN);
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
      mismatchStatement(db, {
        userId: row.user_id,
        paymentMethod: row.payment_method,
        subscriptionId: row.provider_subscription_id,
        localStatus: row.status,
        providerStatus,
        detail: `We hold this membership as ${row.status}; ${row.payment_method === "STRIPE" ? "Stripe" : "PayPal"} says ${providerStatus}`,
        day,
        at: now,
      }),
    );
  }
  await db.write(found);
  return found.length;
}
