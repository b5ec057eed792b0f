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
import {
  claimSendStatement,
  deleteTemplateStatement,
  deliveryCounts,
  deliveryTotal,
  freezeRecipientsStatement,
  insertTemplateStatement,
  lockTemplateStatement,
  sendWonCondition,
  updateTemplateStatement,
} from "./queries";

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
  const counts = await deliveryCounts(deps.db, id);
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
    insertTemplateStatement(db, {
      subject: input.subject,
      mjmlText: input.mjml_text,
      html,
      isLocked: input.is_locked,
      now,
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
    updateTemplateStatement(db, {
      id: row.id,
      subject: input.subject ?? row.subject,
      mjmlText: input.mjml_text ?? row.mjmlText,
      isLocked: input.is_locked ?? row.isLocked,
      now: Date.now(),
      rewrites,
      newText,
      html,
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
    lockTemplateStatement(db, row.id, input.is_locked, Date.now()),
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
    deleteTemplateStatement(db, row.id),
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
  const won = sendWonCondition(id, token);
  const [claimed] = await db.write([
    claimSendStatement(db, { id, token, now, mjmlText: row.mjmlText, html }),
    auditStatement(
      db,
      admin,
      { action: "TEMPLATE_SEND", target: `email_template:${id}`, detail: row.subject },
      won,
    ),
    freezeRecipientsStatement(db, id, token, now),
  ]);
  if (!claimed?.meta.changes) fail(409, ADMIN_MSG.emailAlreadySent);

  const jobs = await deliveryJobs(deps, id);
  // A queue takes at most 100 messages in one sendBatch.
  for (let i = 0; i < jobs.length; i += 100) {
    await env.JOBS.sendBatch(jobs.slice(i, i + 100).map((body) => ({ body })));
  }
  return { total_recipients: await deliveryTotal(db, id) };
}
