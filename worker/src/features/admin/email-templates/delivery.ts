import type { Deps } from "#worker/deps.ts";
import { htmlToText, renderMjml } from "#worker/lib/mjml.ts";
import { type Email, sendEmail } from "#worker/providers/email.ts";
import {
  claimDeliveries,
  deliveryRange,
  markSentStatement,
  pendingInRange,
  type Recipient,
  recipients,
  releaseDeliveriesStatement,
  sentTemplate,
  skipDeliveriesStatement,
} from "./queries";

// The queue side of sending a template. A message names a range of one template's delivery rows;
// the consumer claims the rows still PENDING (a lease, so two consumers never hold the same row),
// sends each, and marks it SENT right after, so a redelivered message, or one whose consumer died
// part way, sends only what was never sent.

/** The queue message of a batch of deliveries (`env.JOBS`). */
export interface TemplateEmailJob {
  kind: "template-email";
  template_id: number;
  /** The range of email_deliveries ids this message covers, both ends included. */
  first_id: number;
  last_id: number;
}

/** Deliveries in one queue message: about 50 e-mails, well inside a consumer's time. */
const DELIVERIES_PER_JOB = 50;
/** A consumer that claimed rows and vanished loses them after this long. */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

/** The messages that cover every delivery row of a template. */
export async function deliveryJobs({ db }: Deps, templateId: number): Promise<TemplateEmailJob[]> {
  const range = await deliveryRange(db, templateId);
  if (range?.first == null || range.last == null) return [];
  const jobs: TemplateEmailJob[] = [];
  for (let first = range.first; first <= range.last; first += DELIVERIES_PER_JOB) {
    const last = Math.min(first + DELIVERIES_PER_JOB - 1, range.last);
    jobs.push({ kind: "template-email", template_id: templateId, first_id: first, last_id: last });
  }
  return jobs;
}

export type Send = (deps: Deps, email: Email, idempotencyKey: string) => Promise<void>;

const sendThroughProvider: Send = (deps, email, idempotencyKey) => sendEmail(deps, email, { idempotencyKey });

export interface DeliveryOutcome {
  sent: number;
  skipped: number;
  /** Rows of the range another consumer holds: the message should come back after the lease. */
  busy: number;
}

/**
 * Sends one message's deliveries. A person who meanwhile turned the newsletter off, was suspended
 * or left is SKIPPED, never added: the recipients were frozen when the send started. A failed send
 * gives back the rows not yet sent and throws, so the queue retries the message.
 */
export async function deliverTemplateBatch(
  deps: Deps,
  job: TemplateEmailJob,
  send: Send = sendThroughProvider,
): Promise<DeliveryOutcome> {
  const { db } = deps;
  const outcome: DeliveryOutcome = { sent: 0, skipped: 0, busy: 0 };
  const template = await sentTemplate(db, job.template_id);
  if (!template) return outcome;

  const now = Date.now();
  const claimed = await claimDeliveries(db, {
    templateId: job.template_id,
    firstId: job.first_id,
    lastId: job.last_id,
    now,
    leaseMs: CLAIM_LEASE_MS,
  });
  if (claimed.length > 0) {
    // The HTML kept when it was saved or sent; a template sent before it was kept is rendered now.
    const rendered =
      template.html === null
        ? await renderMjml(deps.env, template.mjml_text)
        : ({ ok: true, html: template.html } as const);
    if (!rendered?.ok) {
      await release(
        deps,
        claimed.map((c) => c.id),
      );
      const why = rendered === null ? "the renderer could not be reached" : rendered.error;
      throw new Error(`template ${job.template_id} does not render: ${why}`);
    }
    const email = { subject: template.subject, html: rendered.html, text: htmlToText(rendered.html) };
    const people = await recipients(
      db,
      claimed.map((c) => c.user_id),
    );
    const byId = new Map(people.map((p) => [p.id, p]));
    const eligible = (p: Recipient | undefined) =>
      p !== undefined && p.deleted_at === null && p.status === "ACTIVE" && p.newsletter === 1;

    const skipped = claimed.filter((c) => !eligible(byId.get(c.user_id))).map((c) => c.id);
    if (skipped.length) {
      await db.write([skipDeliveriesStatement(db, skipped, Date.now())]);
      outcome.skipped = skipped.length;
    }
    const toSend = claimed.filter((c) => eligible(byId.get(c.user_id)));
    for (const [i, delivery] of toSend.entries()) {
      try {
        const person = byId.get(delivery.user_id)!;
        await send(deps, { to: person.email, ...email }, `email-delivery-${delivery.id}`);
      } catch (error) {
        await release(
          deps,
          toSend.slice(i).map((d) => d.id),
        );
        throw error;
      }
      await db.write([markSentStatement(db, delivery.id, Date.now())]);
      outcome.sent += 1;
    }
  }
  outcome.busy = await pendingInRange(db, {
    templateId: job.template_id,
    firstId: job.first_id,
    lastId: job.last_id,
  });
  return outcome;
}

/** Rows this consumer claimed and will not send: free for the next delivery at once. */
async function release({ db }: Deps, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db.write([releaseDeliveriesStatement(db, ids)]);
}
