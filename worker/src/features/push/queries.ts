import { and, eq, sql } from "drizzle-orm";
import {
  chatThreads,
  chatThreadUsers,
  notificationDigests,
  notificationPreferences,
  pushSubscriptions,
  users,
} from "#worker/db/schema/index.ts";
import { nameOf, statement } from "#worker/db/sql.ts";
import type { Deps } from "#worker/deps.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";

// Every statement of the push feature: subscriptions, preferences, and what the e-mail of missed
// events reads and records.

export interface SubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Keeps a browser's subscription; the same endpoint signed in as someone else moves to them. */
export async function saveSubscription(
  { db }: Deps,
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db.orm
    .insert(pushSubscriptions)
    .values({ userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: sub.p256dh, auth: sub.auth },
    });
}

/** Forgets the person's subscription at that endpoint; answers whether there was one. */
export async function deleteSubscription({ db }: Deps, userId: number, endpoint: string): Promise<boolean> {
  const gone = await db.orm
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service said the subscription is gone (404, 410). */
export async function forgetSubscription({ db }: Deps, id: number): Promise<void> {
  await db.orm.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The person's subscriptions while their account is active (a closed one is pushed nothing). */
const subscriptionsQuery = ({ db }: Deps, userId: number) =>
  db.orm
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(users.status, "ACTIVE")));

export async function subscriptionsOf(deps: Deps, userId: number): Promise<SubscriptionRow[]> {
  return subscriptionsQuery(deps, userId).all();
}

const preferenceRowsQuery = ({ db }: Deps, userId: number) =>
  db.orm
    .select({
      kind: notificationPreferences.kind,
      push: notificationPreferences.push,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));

/** Through a batch: a request's token check rides in the same round trip (docs/decisions/156). */
export async function preferenceRows(deps: Deps, userId: number) {
  const [rows] = await deps.db.orm.batch([preferenceRowsQuery(deps, userId)]);
  return rows;
}

/** The person's stored choices and the language they are written to in, in one round trip. */
export async function preferenceRowsWithLanguage(deps: Deps, userId: number) {
  const { db } = deps;
  const [rows, language] = await db.orm.batch([
    preferenceRowsQuery(deps, userId),
    db.orm.select({ language: users.language }).from(users).where(eq(users.id, userId)),
  ]);
  return { rows, language: language[0]?.language ?? "en" };
}

/** What an away job needs of the person, in one round trip: their choices, language and subscriptions. */
export async function awayFactsOf(deps: Deps, userId: number) {
  const { db } = deps;
  const [rows, language, subscriptions] = await db.orm.batch([
    preferenceRowsQuery(deps, userId),
    db.orm.select({ language: users.language }).from(users).where(eq(users.id, userId)),
    subscriptionsQuery(deps, userId),
  ]);
  return { rows, language: language[0]?.language ?? "en", subscriptions };
}

export async function savePreference(
  { db }: Deps,
  userId: number,
  row: { kind: string; push: boolean; email: boolean },
): Promise<void> {
  await db.orm
    .insert(notificationPreferences)
    .values({ userId, ...row })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { push: row.push, email: row.email },
    });
}

/**
 * The person's sign-in address and name, for the e-mail; null unless the account is active (a
 * closed account keeps its row, INACTIVE, and is sent nothing).
 */
export async function recipientOf({ db }: Deps, userId: number) {
  return db.first<{ email: string; username: string; language: string }>({
    sql: "SELECT email, username, language FROM users WHERE id = ?1 AND status = 'ACTIVE'",
    binds: [userId],
  });
}

/** Sets the language a person is written to in while away. */
export async function setLanguage({ db }: Deps, userId: number, language: string): Promise<void> {
  await db.write([
    db.prepare({ sql: "UPDATE users SET language = ?1 WHERE id = ?2", binds: [language, userId] }),
  ]);
}

/** The template staff keep for the e-mail of what was missed (migration 0107), if it is there. */
export async function digestTemplate({ db }: Deps) {
  return db.first<{ id: number; subject: string; mjml_text: string; html: string | null }>({
    sql: "SELECT id, subject, mjml_text, html FROM email_templates WHERE purpose = 'AWAY_DIGEST'",
    binds: [],
  });
}

/** Keeps the HTML rendered from a template's MJML, unless staff changed the MJML meanwhile. */
export async function keepTemplateHtml({ db }: Deps, id: number, mjml: string, html: string): Promise<void> {
  await db.write([
    db.prepare({
      sql: "UPDATE email_templates SET html = ?1 WHERE id = ?2 AND mjml_text = ?3 AND html IS NULL",
      binds: [html, id, mjml],
    }),
  ]);
}

/** The people on a chat thread other than `userId`, by name, for a message's push. */
export async function threadPartners({ db }: Deps, threadPublicId: string, userId: number) {
  const t = chatThreads;
  const tu = chatThreadUsers;
  return db.all<{ username: string; profile_name: string | null; group_name: string | null }>(
    statement(sql`SELECT ${users.username} AS username, ${users.profileName} AS profile_name, ${t.name} AS group_name
      FROM ${t}
      JOIN ${tu} ON ${tu.threadId} = ${t.id} AND ${tu.leftAt} IS NULL
      JOIN ${users} ON ${users.id} = ${tu.userId}
      WHERE ${t.publicId} = ${threadPublicId} AND ${tu.userId} <> ${userId}
      LIMIT 3`),
  );
}

/**
 * Marks a digest check due at `dueAt` unless one is queued already (due in the future): answers
 * whether the caller should queue it. One check per person at a time, however many events; none
 * for an account deleted since the events (the job is then done, not retried).
 */
export async function claimDigestCheck({ db }: Deps, userId: number, dueAt: number, now: number) {
  const d = notificationDigests;
  const row = await db.first<{ user_id: number }>(
    statement(sql`INSERT INTO ${d} (${nameOf(d.userId)}, ${nameOf(d.dueAt)})
      SELECT ${userId}, ${dueAt} WHERE EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})
      ON CONFLICT (${nameOf(d.userId)}) DO UPDATE SET ${nameOf(d.dueAt)} = ${dueAt} WHERE ${d.dueAt} <= ${now}
      RETURNING ${d.userId} AS user_id`),
  );
  return row !== null;
}

export async function digestState({ db }: Deps, userId: number) {
  const d = notificationDigests;
  return db.first<{ last_sent_at: number; covered_until: number; due_at: number }>(
    statement(sql`SELECT ${d.lastSentAt} AS last_sent_at, ${d.coveredUntil} AS covered_until,
        ${d.dueAt} AS due_at FROM ${d} WHERE ${d.userId} = ${userId}`),
  );
}

export async function setDigestDue({ db }: Deps, userId: number, dueAt: number): Promise<void> {
  await db.write([
    db.prepare(
      statement(
        db.orm.update(notificationDigests).set({ dueAt }).where(eq(notificationDigests.userId, userId)),
      ),
    ),
  ]);
}

export async function recordDigestSent({ db }: Deps, userId: number, sentAt: number, coveredUntil: number) {
  await db.write([
    db.prepare(
      statement(
        db.orm
          .update(notificationDigests)
          .set({ lastSentAt: sentAt, coveredUntil })
          .where(eq(notificationDigests.userId, userId)),
      ),
    ),
  ]);
}

export interface MissedNotification {
  kind: string;
  text: string | null;
  link: string | null;
  created_at: number;
  actor: string | null;
}

/**
 * Unread notifications of `kinds` written in (after, until]: what the e-mail lists, the newest 50,
 * from D1 and from the notices the person's inbox keeps (docs/decisions/210).
 */
export async function missedNotifications(
  deps: Deps,
  userId: number,
  kinds: string[],
  after: number,
  until: number,
): Promise<MissedNotification[]> {
  if (kinds.length === 0) return [];
  const kept = await inboxStub(deps, userId).missedNotices(userId, kinds, after, until);
  const marks = kinds.map((_, i) => `?${i + 4}`).join(", ");
  const [fromD1, actors] = await deps.db.batch<[MissedNotification, { id: number; username: string }]>([
    {
      sql: `SELECT n.kind, n.text, n.link, n.created_at, a.username AS actor
              FROM notifications n LEFT JOIN users a ON a.id = n.actor_id
             WHERE n.user_id = ?1 AND n.is_read = 0 AND n.created_at > ?2 AND n.created_at <= ?3
               AND n.kind IN (${marks})
             ORDER BY n.created_at DESC LIMIT 50`,
      binds: [userId, after, until, ...kinds],
    },
    {
      sql: "SELECT id, username FROM users WHERE id IN (SELECT value FROM json_each(?1))",
      binds: [JSON.stringify([...new Set(kept.flatMap((n) => (n.actorId === null ? [] : [n.actorId])))])],
    },
  ]);
  const usernames = new Map(actors.map((a) => [Number(a.id), a.username]));
  const fromInbox = kept.map((n) => ({
    kind: n.kind,
    text: n.text,
    link: n.link,
    created_at: n.createdAt,
    actor: n.actorId === null ? null : (usernames.get(n.actorId) ?? null),
  }));
  return [...fromD1, ...fromInbox].sort((a, b) => b.created_at - a.created_at).slice(0, 50);
}

export interface MissedThread {
  public_id: string;
  unread: number;
  last_text: string | null;
  last_at: number;
}

/** Chat threads with messages the person has not read, last active in (after, until]. */
export async function missedThreads({ db }: Deps, userId: number, after: number, until: number) {
  const t = chatThreads;
  const me = chatThreadUsers;
  return db.all<MissedThread>(
    statement(sql`SELECT ${t.publicId} AS public_id, ${me.totalUnreadMessages} AS unread,
        ${t.lastMessageText} AS last_text, ${me.lastActivityAt} AS last_at
      FROM ${me} JOIN ${t} ON ${t.id} = ${me.threadId}
      WHERE ${me.userId} = ${userId} AND ${me.totalUnreadMessages} > 0
        AND ${me.lastActivityAt} > ${after} AND ${me.lastActivityAt} <= ${until}
      ORDER BY ${me.lastActivityAt} DESC LIMIT 20`),
  );
}
