import type { Deps } from "./deps";
import {
  CLAIM_LEASE_MS,
  deliverTemplateBatch,
  type TemplateEmailJob,
} from "./features/admin/email-templates/delivery";
import { buildExport, type DataExportJob } from "./features/data-export/service";
import { deliverNoticeJob, type NoticeJob } from "./features/notifications/service";
import { type AwayJob, runAwayJob } from "./features/push/away";
import { type DigestJob, runDigestJob } from "./features/push/digest";
import { type CloseSocketsJob, continueClosingSockets } from "./lib/sockets/close-sockets";
import { sendEmail } from "./providers/email";

/**
 * Work done after the answer, off the request (`env.JOBS`): one e-mail, a batch of a template's, or
 * the rest of a revoked person's chat threads to close their sockets in, or a person's data
 * archive, or a social write's notice its inbox could not take at once (docs/decisions/210). A job of a kind no longer made (a post's counts for its watchers' inboxes) is acked.
 */
export type JobMessage =
  | { kind: "email"; to: string; subject: string; text: string; html: string }
  | TemplateEmailJob
  | CloseSocketsJob
  | DataExportJob
  | AwayJob
  | DigestJob
  | NoticeJob;

/** Runs one job; a throw sends the message back to the queue to be retried. */
async function runJob(deps: Deps, job: JobMessage): Promise<{ retryAfterSeconds?: number }> {
  if (job.kind === "email") await sendEmail(deps, job);
  if (job.kind === "close-sockets") await continueClosingSockets(deps, job);
  if (job.kind === "data-export") await buildExport(deps, job);
  if (job.kind === "away") await runAwayJob(deps, job);
  if (job.kind === "notify-digest") await runDigestJob(deps, job);
  if (job.kind === "notice") await deliverNoticeJob(deps, job);
  if (job.kind === "template-email") {
    const outcome = await deliverTemplateBatch(deps, job);
    // Rows another consumer holds: come back once its lease may have run out.
    if (outcome.busy > 0) return { retryAfterSeconds: CLAIM_LEASE_MS / 1000 };
  }
  return {};
}

/** The queue consumer: `deps` is built once per batch by the entry point (index.ts). */
export async function handleQueue(batch: MessageBatch<JobMessage>, deps: Deps): Promise<void> {
  for (const message of batch.messages) {
    try {
      const { retryAfterSeconds } = await runJob(deps, message.body);
      if (retryAfterSeconds) message.retry({ delaySeconds: retryAfterSeconds });
      else message.ack();
    } catch (error) {
      console.error("queue job failed", error);
      message.retry();
    }
  }
}
