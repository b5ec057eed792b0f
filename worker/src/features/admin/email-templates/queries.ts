import { sql } from "drizzle-orm";
import type { Database } from "#worker/db/database.ts";
import { emailDeliveries } from "#worker/db/schema/index.ts";
import { idList, type Statement, statement } from "#worker/db/sql.ts";

// The SQL of e-mail templates and their deliveries. Statements for a batch are returned prepared,
// so the caller's `db.write([...])` stays one batch.

export function insertTemplateStatement(
  db: Database,
  input: { subject: string; mjmlText: string; html: string | null; isLocked: boolean; now: number },
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT INTO email_templates (subject, mjml_text, html, is_locked, created_at, updated_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?5) RETURNING id`,
    binds: [input.subject, input.mjmlText, input.html, input.isLocked ? 1 : 0, input.now],
  });
}

/**
 * The guard keeps a send that started meanwhile from going out with other words than it froze.
 * The text and its HTML change together, or neither does.
 */
export function updateTemplateStatement(
  db: Database,
  input: {
    id: number;
    subject: string;
    mjmlText: string;
    isLocked: boolean;
    now: number;
    rewrites: boolean;
    newText: boolean;
    html: string | null;
  },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE email_templates SET subject = ?1,
            mjml_text = CASE WHEN ?7 = 1 THEN ?2 ELSE mjml_text END,
            html = CASE WHEN ?7 = 1 THEN ?8 ELSE html END,
            is_locked = ?3, updated_at = ?4
          WHERE id = ?5 AND (?6 = 0 OR published_at IS NULL)`,
    binds: [
      input.subject,
      input.mjmlText,
      input.isLocked ? 1 : 0,
      input.now,
      input.id,
      input.rewrites ? 1 : 0,
      input.newText ? 1 : 0,
      input.html,
    ],
  });
}

export function lockTemplateStatement(
  db: Database,
  id: number,
  isLocked: boolean,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE email_templates SET is_locked = ?1, updated_at = ?2 WHERE id = ?3",
    binds: [isLocked ? 1 : 0, now, id],
  });
}

export function deleteTemplateStatement(db: Database, id: number): D1PreparedStatement {
  return db.prepare({
    sql: "DELETE FROM email_templates WHERE id = ?1 AND is_locked = 0 AND purpose IS NULL",
    binds: [id],
  });
}

/** The condition that this request's token is the one that started the send. */
export function sendWonCondition(id: number, token: string): Statement {
  return {
    sql: "EXISTS (SELECT 1 FROM email_templates WHERE id = ? AND send_token = ?)",
    binds: [id, token],
  };
}

/** Sets published_at only if it is still null; the HTML rendered is kept only if the text is still the one it was made from. */
export function claimSendStatement(
  db: Database,
  input: { id: number; token: string; now: number; mjmlText: string; html: string },
): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE email_templates SET published_at = ?1, send_token = ?2, updated_at = ?1,
            html = CASE WHEN mjml_text = ?4 THEN ?5 ELSE html END
          WHERE id = ?3 AND published_at IS NULL AND purpose IS NULL`,
    binds: [input.now, input.token, input.id, input.mjmlText, input.html],
  });
}

/** One delivery row per person with the newsletter on, only when `token` won the send. */
export function freezeRecipientsStatement(
  db: Database,
  id: number,
  token: string,
  now: number,
): D1PreparedStatement {
  return db.prepare({
    sql: `INSERT OR IGNORE INTO email_deliveries (template_id, user_id, status, created_at)
          SELECT ?1, u.id, 'PENDING', ?2 FROM users u
          WHERE u.newsletter = 1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
            AND EXISTS (SELECT 1 FROM email_templates WHERE id = ?1 AND send_token = ?3)
          ORDER BY u.id`,
    binds: [id, now, token],
  });
}

export function sentTemplate(
  db: Database,
  id: number,
): Promise<{ subject: string; mjml_text: string; html: string | null } | null> {
  return db.first<{ subject: string; mjml_text: string; html: string | null }>({
    sql: "SELECT subject, mjml_text, html FROM email_templates WHERE id = ?1 AND published_at IS NOT NULL",
    binds: [id],
  });
}

/** Claims the range's rows still PENDING whose lease is free or ran out. */
export function claimDeliveries(
  db: Database,
  input: { templateId: number; firstId: number; lastId: number; now: number; leaseMs: number },
): Promise<{ id: number; user_id: number }[]> {
  return db.all<{ id: number; user_id: number }>({
    sql: `UPDATE email_deliveries SET claimed_at = ?1
          WHERE template_id = ?2 AND id BETWEEN ?3 AND ?4 AND status = 'PENDING'
            AND (claimed_at IS NULL OR claimed_at < ?5)
          RETURNING id, user_id`,
    binds: [input.now, input.templateId, input.firstId, input.lastId, input.now - input.leaseMs],
  });
}

export interface Recipient {
  id: number;
  email: string;
  status: string;
  newsletter: number;
  deleted_at: number | null;
}

export function recipients(db: Database, userIds: number[]): Promise<Recipient[]> {
  return db.all<Recipient>({
    sql: `SELECT id, email, status, newsletter, deleted_at FROM users WHERE id IN (${idList(userIds)})`,
  });
}

export function skipDeliveriesStatement(db: Database, ids: number[], now: number): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE email_deliveries SET status = 'SKIPPED', sent_at = ?1, claimed_at = NULL
          WHERE id IN (${idList(ids)}) AND status = 'PENDING'`,
    binds: [now],
  });
}

export function markSentStatement(db: Database, id: number, now: number): D1PreparedStatement {
  return db.prepare({
    sql: "UPDATE email_deliveries SET status = 'SENT', sent_at = ?1, claimed_at = NULL WHERE id = ?2",
    binds: [now, id],
  });
}

export async function pendingInRange(
  db: Database,
  input: { templateId: number; firstId: number; lastId: number },
): Promise<number> {
  const left = await db.first<{ n: number }>({
    sql: `SELECT count(*) AS n FROM email_deliveries
          WHERE template_id = ?1 AND id BETWEEN ?2 AND ?3 AND status = 'PENDING'`,
    binds: [input.templateId, input.firstId, input.lastId],
  });
  return left?.n ?? 0;
}

export function releaseDeliveriesStatement(db: Database, ids: number[]): D1PreparedStatement {
  return db.prepare({
    sql: `UPDATE email_deliveries SET claimed_at = NULL WHERE id IN (${idList(ids)}) AND status = 'PENDING'`,
  });
}

export function deliveryRange(
  db: Database,
  templateId: number,
): Promise<{ first: number | null; last: number | null } | null> {
  return db.first<{ first: number | null; last: number | null }>({
    sql: "SELECT min(id) AS first, max(id) AS last FROM email_deliveries WHERE template_id = ?1",
    binds: [templateId],
  });
}

/** A sent template's deliveries counted by status. */
export function deliveryCounts(db: Database, templateId: number) {
  const d = emailDeliveries;
  return db.all<{ status: (typeof d.$inferSelect)["status"]; n: number }>(
    statement(
      sql`SELECT ${d.status} AS status, count(*) AS n FROM ${d} WHERE ${d.templateId} = ${templateId} GROUP BY ${d.status}`,
    ),
  );
}

/** How many deliveries a template has. */
export async function deliveryTotal(db: Database, templateId: number): Promise<number> {
  const d = emailDeliveries;
  const row = await db.first<{ n: number }>(
    statement(sql`SELECT count(*) AS n FROM ${d} WHERE ${d.templateId} = ${templateId}`),
  );
  return row?.n ?? 0;
}
