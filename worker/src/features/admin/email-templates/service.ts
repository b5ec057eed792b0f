import { count, desc, eq } from "drizzle-orm";
import { type Page, toPage } from "#shared/api.ts";
import {
  ADMIN_MSG,
  type EmailTemplate,
  type EmailTemplateCreate,
  type EmailTemplateDetail,
  type EmailTemplateUpdate,
} from "#shared/schemas/admin.ts";
import { emailTemplates } from "#worker/db/schema/index.ts";
import type { Deps } from "#worker/deps.ts";
import type { AuthAdmin } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";
import { publicId } from "#worker/lib/ids.ts";
import { renderMjml } from "#worker/lib/mjml.ts";
import { iso } from "#worker/lib/time.ts";
import { auditStatement } from "../audit/service";
import { deliveryJobs } from "./delivery";

// E-mail templates: written in MJML, sent once to everyone with the newsletter setting on. A sent
// template (published_at set) keeps its subject and text as they went out; a locked one cannot be
// deleted. Staff send MJML only: the renderer Worker turns it into HTML when it is saved, and the
// HTML is kept beside it (docs/decisions/104); a template without HTML is rendered when it is sent.

type TemplateRow = typeof emailTemplates.$inferSelect;

function toTemplate(row: TemplateRow): EmailTemplate {
  return {
    id: row.id,
    subject: row.subject,
    mjml_text: row.mjmlText,
    published_at: row.publishedAt === null ? null : iso(row.publishedAt),
    is_locked: row.isLocked,
    purpose: row.purpose,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

async function requireTemplate({ db }: Deps, id: number): Promise<TemplateRow> {
  const row = await db.orm.select().from(emailTemplates).where(eq(emailTemplates.id, id)).get();
  if (!row) fail(404, ADMIN_MSG.templateNotFound);
  return row;
}

/** `GET .../email/template/list`: newest first. */
export async function listTemplates(
  { db }: Deps,
  input: { skip: number; limit: number },
): Promise<Page<EmailTemplate>> {
  const [rows, total] = await db.orm.batch([
    db.orm
      .select()
      .from(emailTemplates)
      .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id))
      .limit(input.limit)
      .offset(input.skip),
    db.orm.select({ n: count() }).from(emailTemplates),
  ]);
  return toPage(rows.map(toTemplate), total[0]?.n ?? 0, input.limit);
}

/** One template; once sent, how its deliveries stand. */
export async function getTemplate(deps: Deps, id: number): Promise<EmailTemplateDetail> {
  const row = await requireTemplate(deps, id);
  if (row.publishedAt === null) return { ...toTemplate(row), delivery: null };
  const counts = await deps.db.all<{ status: string; n: number }>({
    sql: "SELECT status, count(*) AS n FROM email_deliveries WHERE template_id = ?1 GROUP BY status",
    binds: [id],
  });
  const n = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    ...toTemplate(row),
    delivery: {
      total_recipients: n("PENDING") + n("SENT") + n("SKIPPED"),
      total_sent: n("SENT"),
      total_skipped: n("SKIPPED"),
      total_pending: n("PENDING"),
    },
  };
}

/**
 * The HTML kept with a template's MJML. A text that does not render, or a renderer that cannot be
 * reached, keeps none: the send renders it again and refuses it then, as it always has.
 */
async function savedHtml({ env }: Deps, mjml: string): Promise<string | null> {
  const rendered = await renderMjml(env, mjml);
  return rendered?.ok ? rendered.html : null;
}

export async function createTemplate(
  deps: Deps,
  admin: AuthAdmin,
  input: EmailTemplateCreate,
): Promise<EmailTemplateDetail> {
  const { db } = deps;
  const html = await savedHtml(deps, input.mjml_text);
  const now = Date.now();
  const [inserted] = await db.write([
    db.prepare({
      sql: `INSERT INTO email_templates (subject, mjml_text, html, is_locked, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?5) RETURNING id`,
      binds: [input.subject, input.mjml_text, html, input.is_locked ? 1 : 0, now],
    }),
    auditStatement(db, admin, {
      action: "TEMPLATE_CREATE",
      target: { sql: "'email_template:' || last_insert_rowid()" },
      detail: input.subject,
    }),
  ]);
  const id = (inserted!.results[0] as { id: number }).id;
  return getTemplate(deps, id);
}

/** Subject and text change only before the send; the lock changes any time. */
export async function updateTemplate(
  deps: Deps,
  admin: AuthAdmin,
  input: EmailTemplateUpdate,
): Promise<EmailTemplateDetail> {
  const { db } = deps;
  const row = await requireTemplate(deps, input.id);
  const rewrites = input.subject !== undefined || input.mjml_text !== undefined;
  if (rewrites && row.publishedAt !== null) fail(409, ADMIN_MSG.emailAlreadySent);
  const changed = Object.keys(input).filter((k) => k !== "id");
  const newText = input.mjml_text !== undefined;
  const html = newText ? await savedHtml(deps, input.mjml_text!) : null;
  await db.write([
    db.prepare({
      // The guard keeps a send that started meanwhile from going out with other words than it froze.
      // The text and its HTML change together, or neither does.
      sql: `UPDATE email_templates SET subject = ?1,
              mjml_text = CASE WHEN ?7 = 1 THEN ?2 ELSE mjml_text END,
              html = CASE WHEN ?7 = 1 THEN ?8 ELSE html END,
              is_locked = ?3, updated_at = ?4
            WHERE id = ?5 AND (?6 = 0 OR published_at IS NULL)`,
      binds: [
        input.subject ?? row.subject,
        input.mjml_text ?? row.mjmlText,
        (input.is_locked ?? row.isLocked) ? 1 : 0,
        Date.now(),
        row.id,
        rewrites ? 1 : 0,
        newText ? 1 : 0,
        html,
      ],
    }),
    auditStatement(
      db,
      admin,
      { action: "TEMPLATE_UPDATE", target: `email_template:${row.id}`, detail: changed.join(", ") },
      "changed",
    ),
  ]);
  return getTemplate(deps, row.id);
}

/** `PATCH .../email/template/lock`: a locked template cannot be deleted. */
export async function lockTemplate(
  deps: Deps,
  admin: AuthAdmin,
  input: { id: number; is_locked: boolean },
): Promise<EmailTemplateDetail> {
  const { db } = deps;
  const row = await requireTemplate(deps, input.id);
  await db.write([
    db.prepare({
      sql: "UPDATE email_templates SET is_locked = ?1, updated_at = ?2 WHERE id = ?3",
      binds: [input.is_locked ? 1 : 0, Date.now(), row.id],
    }),
    auditStatement(
      db,
      admin,
      {
        action: input.is_locked ? "TEMPLATE_LOCK" : "TEMPLATE_UNLOCK",
        target: `email_template:${row.id}`,
        detail: row.subject,
      },
      "changed",
    ),
  ]);
  return getTemplate(deps, row.id);
}

/** `DELETE .../email/template`: 409 while locked. */
export async function deleteTemplate(deps: Deps, admin: AuthAdmin, id: number): Promise<void> {
  const { db } = deps;
  const row = await requireTemplate(deps, id);
  if (row.purpose !== null) fail(409, ADMIN_MSG.templateHasPurpose);
  if (row.isLocked) fail(409, ADMIN_MSG.templateLocked);
  const [deleted] = await db.write([
    db.prepare({
      sql: "DELETE FROM email_templates WHERE id = ?1 AND is_locked = 0 AND purpose IS NULL",
      binds: [row.id],
    }),
    auditStatement(
      db,
      admin,
      { action: "TEMPLATE_DELETE", target: `email_template:${row.id}`, detail: row.subject },
      "changed",
    ),
  ]);
  // Locked by someone else a moment ago.
  if (!deleted?.meta.changes) fail(409, ADMIN_MSG.templateLocked);
}

/**
 * `POST .../email/template/send`: once. One batch sets published_at (only if it is still null),
 * writes the audit row and freezes the recipients as one delivery row per person with the
 * newsletter on; the statements after the first run only if this request's token is the one that
 * set it, so two sends at once make one set of rows. Then the rows go to the queue in batches.
 */
export async function sendTemplate(
  deps: Deps,
  admin: AuthAdmin,
  id: number,
): Promise<{ total_recipients: number }> {
  const { db, env } = deps;
  const row = await requireTemplate(deps, id);
  if (row.purpose !== null) fail(409, ADMIN_MSG.templateHasPurpose);
  if (row.publishedAt !== null) fail(409, ADMIN_MSG.emailAlreadySent);
  // Saved before the HTML was kept, or it did not render when saved: rendered now, refused if it
  // still does not render.
  let html = row.html;
  if (html === null) {
    const rendered = await renderMjml(env, row.mjmlText);
    if (rendered === null) fail(503, ADMIN_MSG.renderUnavailable, { code: "unavailable" });
    if (!rendered.ok) fail(422, `${ADMIN_MSG.mjmlFailed}: ${rendered.error}`, { field: "mjml_text" });
    html = rendered.html;
  }

  const token = publicId(20);
  const now = Date.now();
  const won = {
    sql: "EXISTS (SELECT 1 FROM email_templates WHERE id = ? AND send_token = ?)",
    binds: [id, token],
  };
  const [claimed] = await db.write([
    db.prepare({
      // The HTML rendered here is kept only if the text is still the one it was made from.
      sql: `UPDATE email_templates SET published_at = ?1, send_token = ?2, updated_at = ?1,
              html = CASE WHEN mjml_text = ?4 THEN ?5 ELSE html END
            WHERE id = ?3 AND published_at IS NULL AND purpose IS NULL`,
      binds: [now, token, id, row.mjmlText, html],
    }),
    auditStatement(
      db,
      admin,
      { action: "TEMPLATE_SEND", target: `email_template:${id}`, detail: row.subject },
      won,
    ),
    db.prepare({
      sql: `INSERT OR IGNORE INTO email_deliveries (template_id, user_id, status, created_at)
            SELECT ?1, u.id, 'PENDING', ?2 FROM users u
            WHERE u.newsletter = 1 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
              AND EXISTS (SELECT 1 FROM email_templates WHERE id = ?1 AND send_token = ?3)
            ORDER BY u.id`,
      binds: [id, now, token],
    }),
  ]);
  if (!claimed?.meta.changes) fail(409, ADMIN_MSG.emailAlreadySent);

  const jobs = await deliveryJobs(deps, id);
  // A queue takes at most 100 messages in one sendBatch.
  for (let i = 0; i < jobs.length; i += 100) {
    await env.JOBS.sendBatch(jobs.slice(i, i + 100).map((body) => ({ body })));
  }
  const total = await db.first<{ n: number }>({
    sql: "SELECT count(*) AS n FROM email_deliveries WHERE template_id = ?1",
    binds: [id],
  });
  return { total_recipients: total?.n ?? 0 };
}
