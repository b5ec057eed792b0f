import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PageQuery } from "#shared/api.ts";
import type { MembershipType } from "#shared/enums.ts";
import type { PaymentMethod, PaymentType } from "#shared/schemas/payments.ts";
import type { Database } from "#worker/db/database.ts";
import {
  OPEN_SUBSCRIPTION_STATUSES,
  paymentAccounts,
  paymentEvents,
  paymentMismatches,
  payments,
  type SubscriptionStatus,
  subscriptions,
  users,
} from "#worker/db/schema/index.ts";
import { statement } from "#worker/db/sql.ts";
import type { InsertedNotification } from "#worker/features/notifications/queries.ts";
import { publicId } from "#worker/lib/ids.ts";

// The payments' SQL. The ledger's statements change money state, each one safe to land in a batch
// with the provider event that caused it (docs/decisions/071). A batch is one D1 transaction: the
// event's unique key and its change land together or not at all.

export type Provider = "STRIPE" | "PAYPAL";

/** A referrer's share of a referred person's first paid month. */
const REFERRAL_SHARE_PERCENT = 20;

/** The event's id under its unique key: a second delivery fails the batch it is in. */
export function recordEvent(db: Database, provider: Provider, eventId: string, eventType: string) {
  return db.prepare(
    statement(db.orm.insert(paymentEvents).values({ provider, eventId, eventType, createdAt: Date.now() })),
  );
}

export async function eventSeen(db: Database, provider: Provider, eventId: string): Promise<boolean> {
  const e = paymentEvents;
  const row = await db.first(
    statement(sql`SELECT 1 AS x FROM ${e} WHERE ${e.provider} = ${provider} AND ${e.eventId} = ${eventId}`),
  );
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
const OPEN_SQL = "('PENDING', 'ACTIVE', 'PAST_DUE')";

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

// ---- Subscription rows

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The person's open subscriptions, the one holding the one-open slot first. */
export function openSubscriptionRows(db: Database, userId: number): Promise<SubscriptionRow[]> {
  return db.orm
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, OPEN_SUBSCRIPTION_STATUSES)))
    .orderBy(asc(subscriptions.isDuplicate), desc(subscriptions.id))
    .all();
}

export async function subscriptionById(db: Database, id: number): Promise<SubscriptionRow | null> {
  return (await db.orm.select().from(subscriptions).where(eq(subscriptions.id, id)).get()) ?? null;
}

/** Our row for a provider's subscription id. */
export async function subscriptionOfProvider(
  db: Database,
  provider: Provider,
  providerId: string,
): Promise<SubscriptionRow | null> {
  const row = await db.orm
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.paymentMethod, provider), eq(subscriptions.providerSubscriptionId, providerId)),
    )
    .get();
  return row ?? null;
}

/** The person's slot, reserved for a card start; throws on the one-open index when another holds it. */
export function reserveCardRow(
  db: Database,
  input: { userId: number; membershipType: MembershipType; paymentMethodId: string },
): Promise<SubscriptionRow> {
  return db.orm
    .insert(subscriptions)
    .values({
      userId: input.userId,
      paymentMethod: "STRIPE",
      membershipType: input.membershipType,
      stripePaymentMethod: input.paymentMethodId,
    })
    .returning()
    .get();
}

/** A card reservation still without Stripe's id, cancelled: its start cancels what Stripe makes. */
export async function cancelReservation(db: Database, id: number): Promise<void> {
  await db.orm
    .update(subscriptions)
    .set({ status: "CANCELLED" })
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.providerSubscriptionId)));
}

/** Frees the slot of a reservation Stripe made nothing for. */
export async function dropReservation(db: Database, id: number): Promise<void> {
  await db.orm
    .delete(subscriptions)
    .where(and(eq(subscriptions.id, id), isNull(subscriptions.providerSubscriptionId)));
}

/**
 * Stripe's subscription onto our reservation. Stripe's `invoice.paid` may have come first and
 * bound it (or made a row from the metadata): then ours, still without a provider id, goes. One
 * batch, so never both.
 */
export async function bindReservation(
  db: Database,
  rowId: number,
  sub: { id: string; periodEnd: number | null },
): Promise<void> {
  await db.write([
    db.prepare({
      sql: `DELETE FROM subscriptions WHERE id = ? AND provider_subscription_id IS NULL AND EXISTS
              (SELECT 1 FROM subscriptions WHERE payment_method = 'STRIPE' AND provider_subscription_id = ?)`,
      binds: [rowId, sub.id],
    }),
    db.prepare({
      sql: `UPDATE subscriptions SET provider_subscription_id = ?, current_period_end = COALESCE(current_period_end, ?),
              updated_at = ? WHERE id = ? AND provider_subscription_id IS NULL`,
      binds: [sub.id, sub.periodEnd, Date.now(), rowId],
    }),
  ]);
}

/**
 * A Stripe subscription onto the reservation it was made for (its id in Stripe's metadata), when
 * Stripe speaks before its answer to our start reached us.
 */
export function bindReservationFromEvent(
  db: Database,
  input: { reservationId: number; userId: number; providerSubscriptionId: string },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE subscriptions SET provider_subscription_id = ?, updated_at = ?
          WHERE id = ? AND user_id = ? AND payment_method = 'STRIPE' AND provider_subscription_id IS NULL`,
    binds: [input.providerSubscriptionId, Date.now(), input.reservationId, input.userId],
  });
}

/** Our row for a PayPal subscription the caller verified as theirs: ACTIVE, unless another person holds it. */
export function claimPaypalStatement(
  db: Database,
  input: {
    userId: number;
    providerSubscriptionId: string;
    membershipType: MembershipType;
    periodEnd: number | null;
  },
): D1PreparedStatement {
  const now = Date.now();
  return db.prepare({
    sql: `INSERT INTO subscriptions
            (user_id, payment_method, provider_subscription_id, membership_type, status, current_period_end, created_at, updated_at)
          VALUES (?, 'PAYPAL', ?, ?, 'ACTIVE', ?, ?, ?)
          ON CONFLICT (payment_method, provider_subscription_id) WHERE provider_subscription_id IS NOT NULL
          DO UPDATE SET membership_type = excluded.membership_type, status = excluded.status,
            current_period_end = excluded.current_period_end, updated_at = excluded.updated_at
          WHERE subscriptions.user_id = excluded.user_id`,
    binds: [input.userId, input.providerSubscriptionId, input.membershipType, input.periodEnd, now, now],
  });
}

// ---- Payment accounts

/** The person's PayPal `custom_id`, made once from `fresh` (kept when one exists). */
export async function paypalReferenceOf(db: Database, userId: number, fresh: string): Promise<string> {
  const row = await db.first<{ paypal_custom_id: string }>({
    sql: `INSERT INTO payment_accounts (user_id, paypal_custom_id, updated_at) VALUES (?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET
            paypal_custom_id = COALESCE(payment_accounts.paypal_custom_id, excluded.paypal_custom_id)
          RETURNING paypal_custom_id`,
    binds: [userId, fresh, Date.now()],
  });
  return row!.paypal_custom_id;
}

/** The PayPal reference the person holds, if any. */
export async function paypalReferenceOfUser(db: Database, userId: number): Promise<string | null> {
  const account = await db.orm
    .select({ ref: paymentAccounts.paypalCustomId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId))
    .get();
  return account?.ref ?? null;
}

/** Whether some person holds `ref` as their PayPal reference. */
export async function paypalReferenceHeld(db: Database, ref: string): Promise<boolean> {
  const account = await db.orm
    .select({ userId: paymentAccounts.userId })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.paypalCustomId, ref))
    .get();
  return !!account;
}

/** The person's Stripe customer id, if one was made. */
export async function stripeCustomerOf(db: Database, userId: number): Promise<string | null> {
  const account = await db.orm.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).get();
  return account?.stripeCustomerId ?? null;
}

/** What Stripe is told of a new customer. */
export async function customerDetails(db: Database, userId: number) {
  return (
    (await db.orm
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(eq(users.id, userId))
      .get()) ?? null
  );
}

export async function saveStripeCustomer(db: Database, userId: number, customer: string): Promise<void> {
  await db.orm
    .insert(paymentAccounts)
    .values({ userId, stripeCustomerId: customer })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { stripeCustomerId: customer } });
}

/** A connected account's abilities as Stripe reports them. */
export function setAccountAbilities(
  db: Database,
  account: { id: string; chargesEnabled: boolean; payoutsEnabled: boolean },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE payment_accounts SET charges_enabled = ?, payouts_enabled = ?, updated_at = ?
          WHERE stripe_account_id = ?`,
    binds: [account.chargesEnabled ? 1 : 0, account.payoutsEnabled ? 1 : 0, Date.now(), account.id],
  });
}

// ---- Ledger rows

export type PaymentRow = typeof payments.$inferSelect;

export async function paymentByPublicId(db: Database, id: string): Promise<PaymentRow | null> {
  return (await db.orm.select().from(payments).where(eq(payments.publicId, id)).get()) ?? null;
}

/** A PENDING ledger row paid (once). */
export function paymentSucceeded(db: Database, id: number): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE payments SET status = 'SUCCEEDED', updated_at = ? WHERE id = ? AND status = 'PENDING'",
    binds: [Date.now(), id],
  });
}

/** The service an order was for, and its owner's name, for the order's notification. */
export function orderedService(
  db: Database,
  serviceId: number | null,
): Promise<{ title: string; slug: string; username: string } | null> {
  return db.first<{ title: string; slug: string; username: string }>({
    sql: `SELECT s.title, s.slug, u.username FROM services s JOIN users u ON u.id = s.owner_id WHERE s.id = ?`,
    binds: [serviceId],
  });
}

/** A row of the payment history, in the database's names. */
export interface HistoryRow {
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

/** A page of the person's SUCCEEDED ledger rows, paid or received, newest first, and their count. */
export async function historyPage(
  db: Database,
  userId: number,
  page: PageQuery,
): Promise<{ rows: HistoryRow[]; total: number }> {
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
      binds: [userId, page.limit, page.skip],
      isList: true,
    },
    {
      sql: `SELECT count(*) AS n FROM payments
            WHERE status = 'SUCCEEDED' AND (payer_id = ?1 OR receiver_id = ?1)`,
      binds: [userId],
    },
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

// ---- Reconciliation

/** A membership we hold as live, as the daily reconciliation reads it. */
export interface LiveSubscriptionRow {
  id: number;
  user_id: number;
  payment_method: Provider;
  provider_subscription_id: string;
  status: SubscriptionStatus;
}

/** Up to `limit` memberships we hold as live, oldest first. */
export function liveSubscriptionRows(db: Database, limit: number): Promise<LiveSubscriptionRow[]> {
  return db.all<LiveSubscriptionRow>({
    sql: `SELECT id, user_id, payment_method, provider_subscription_id, status FROM subscriptions
          WHERE status IN ('ACTIVE', 'PAST_DUE') AND provider_subscription_id IS NOT NULL
          ORDER BY id LIMIT ?`,
    binds: [limit],
  });
}

/** A disagreement with the provider, recorded once a day per subscription. */
export function mismatchStatement(
  db: Database,
  m: {
    userId: number;
    paymentMethod: Provider;
    subscriptionId: string;
    localStatus: SubscriptionStatus;
    providerStatus: string;
    detail: string;
    day: string;
    at: number;
  },
): D1PreparedStatement {
  return db.prepare(
    statement(
      db.orm
        .insert(paymentMismatches)
        .values({
          userId: m.userId,
          paymentMethod: m.paymentMethod,
          subscriptionId: m.subscriptionId,
          localStatus: m.localStatus,
          providerStatus: m.providerStatus,
          detail: m.detail,
          day: m.day,
          createdAt: m.at,
        })
        .onConflictDoNothing(),
    ),
  );
}
