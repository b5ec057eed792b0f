import type { MembershipType } from "#shared/enums.ts";
import type { Database } from "#worker/db/database.ts";
import type { SubscriptionStatus } from "#worker/db/schema/index.ts";
import type { InsertedNotification } from "#worker/features/notifications/queries.ts";
import { publicId } from "#worker/lib/ids.ts";

// The statements that change money state, each one safe to land in a batch with the provider
// event that caused it (docs/decisions/071). A batch is one D1 transaction: the event's unique
// key and its change land together or not at all.

export type Provider = "STRIPE" | "PAYPAL";

/** A referrer's share of a referred person's first paid month. */
export const REFERRAL_SHARE_PERCENT = 20;

/** The event's id under its unique key: a second delivery fails the batch it is in. */
export function recordEvent(db: Database, provider: Provider, eventId: string, eventType: string) {
  return db.prepare({
    sql: "INSERT INTO payment_events (provider, event_id, event_type, created_at) VALUES (?, ?, ?, ?)",
    binds: [provider, eventId, eventType, Date.now()],
  });
}

export async function eventSeen(db: Database, provider: Provider, eventId: string): Promise<boolean> {
  const row = await db.first({
    sql: "SELECT 1 AS x FROM payment_events WHERE provider = ? AND event_id = ?",
    binds: [provider, eventId],
  });
  return row !== null;
}

/** True when a batch failed only because its event was already applied (a concurrent delivery). */
export function isDuplicateEvent(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: payment_events/.test(error.message);
}

export interface SubscriptionState {
  userId: number;
  provider: Provider;
  providerSubscriptionId: string;
  membershipType: MembershipType;
  status: SubscriptionStatus;
  /** Milliseconds, or null when the provider does not say. */
  currentPeriodEnd: number | null;
}

/** The open statuses as SQL, for the one-open rule (migration 0092). */
export const OPEN_SQL = "('PENDING', 'ACTIVE', 'PAST_DUE')";

/**
 * The subscription row set to the provider's state. An existing row keeps its person (a provider
 * id never moves to someone else); the marks follow by trigger (migration 0071). A provider fact
 * is never dropped: a subscription that is open while the person already holds another open one
 * (one the provider made outside our starts, or re-opened) is kept as a duplicate, outside the
 * one-open index, so the batch cannot fail on it and the cancel call ends it with the rest.
 */
export function setSubscription(db: Database, s: SubscriptionState) {
  return db.prepare({
    sql: `INSERT INTO subscriptions
      (user_id, payment_method, provider_subscription_id, membership_type, status, current_period_end,
       is_duplicate, created_at, updated_at)
      SELECT ?1, ?2, ?3, ?4, ?5, ?6,
        ?5 IN ${OPEN_SQL} AND EXISTS (SELECT 1 FROM subscriptions o
          WHERE o.user_id = ?1 AND o.status IN ${OPEN_SQL} AND o.is_duplicate = 0),
        ?7, ?7
      WHERE true
      ON CONFLICT (payment_method, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL
      DO UPDATE SET membership_type = excluded.membership_type, status = excluded.status,
        current_period_end = excluded.current_period_end, updated_at = excluded.updated_at,
        is_duplicate = excluded.status IN ${OPEN_SQL} AND EXISTS (SELECT 1 FROM subscriptions o
          WHERE o.user_id = subscriptions.user_id AND o.id <> subscriptions.id
            AND o.status IN ${OPEN_SQL} AND o.is_duplicate = 0)`,
    binds: [
      s.userId,
      s.provider,
      s.providerSubscriptionId,
      s.membershipType,
      s.status,
      s.currentPeriodEnd,
      Date.now(),
    ],
  });
}

/** True when a write failed on the one-open-subscription-per-person index. */
export function isSecondOpenSubscription(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (/UNIQUE constraint failed: subscriptions\.user_id/.test(e.message)) return true;
  return false;
}

export interface MembershipPayment {
  provider: Provider;
  /** The invoice or PayPal sale id: a payment is recorded once. */
  providerRef: string;
  userId: number;
  amount: number;
  currency: string;
}

/** A paid month in the ledger, once per provider payment id. */
export function recordMembershipPayment(db: Database, p: MembershipPayment) {
  const now = Date.now();
  return db.prepare({
    sql: `INSERT OR IGNORE INTO payments
      (public_id, payment_method, payment_type, status, amount, currency, payer_id, receiver_id, provider_ref, created_at, updated_at)
      VALUES (?, ?, 'VERIFIED_USER_SUBSCRIPTION', 'SUCCEEDED', ?, ?, ?, NULL, ?, ?, ?)`,
    binds: [publicId(), p.provider, p.amount, p.currency.toUpperCase(), p.userId, p.providerRef, now, now],
  });
}

/**
 * The referrer's reward for a referred person's first paid month: 20% of it, once per referred
 * person whatever the provider (the `referral:{id}` reference is checked across methods, inside
 * the batch's transaction). Paid by the platform, so it has no payer.
 */
export function rewardReferrer(db: Database, p: MembershipPayment) {
  const now = Date.now();
  const ref = `referral:${p.userId}`;
  return db.prepare({
    sql: `INSERT OR IGNORE INTO payments
      (public_id, payment_method, payment_type, status, amount, currency, payer_id, receiver_id, provider_ref, created_at, updated_at)
      SELECT ?, ?, 'REFERRAL_REWARD', 'SUCCEEDED', ?, ?, NULL, u.referrer_id, ?, ?, ?
      FROM users u
      WHERE u.id = ? AND u.referrer_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.payment_type = 'REFERRAL_REWARD' AND p.provider_ref = ?)`,
    binds: [
      publicId(),
      p.provider,
      Math.round((p.amount * REFERRAL_SHARE_PERCENT) / 100),
      p.currency.toUpperCase(),
      ref,
      now,
      now,
      p.userId,
      ref,
    ],
  });
}

/** The statements `notifyAbout` made: after their batch commits, their rows reach the inboxes. */
const notifying = new WeakSet<D1PreparedStatement>();

/** A notification row as `notifyAbout`'s statement returns it. */
export type LedgerNotification = InsertedNotification;

/**
 * The notification rows a committed batch wrote through `notifyAbout`, for `deps.live.notification`
 * (so the person's open tabs show them at once).
 */
export function notificationsWritten(
  statements: D1PreparedStatement[],
  results: D1Result[],
): LedgerNotification[] {
  return statements.flatMap((statement, i) =>
    notifying.has(statement) ? ((results[i]?.results ?? []) as LedgerNotification[]) : [],
  );
}

/**
 * A notification that no setting switches off (money matters). Once its batch commits, pass the
 * batch to `notificationsWritten` and tell the inboxes.
 */
export function notifyAbout(
  db: Database,
  n: {
    userId: number;
    kind: "SERVICE_ORDER" | "PAYMENT_FAILED";
    actorId: number | null;
    link: string | null;
    text: string | null;
  },
) {
  const statement = db.prepare({
    sql: `INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)
          RETURNING id, user_id, kind, actor_id, link, text, created_at`,
    binds: [n.userId, n.kind, n.actorId, n.link, n.text, Date.now()],
  });
  notifying.add(statement);
  return statement;
}
