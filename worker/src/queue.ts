import type { Deps } from "./deps";
import { sendEmail } from "./providers/email";

/** Work done after the answer, off the request: e-mail for now (`env.JOBS`). */
export type JobMessage = { kind: "email"; to: string; subject: string; text: string; html: string };

/** Runs one job; a throw sends the message back to the queue to be retried. */
async function runJob(deps: Deps, job: JobMessage): Promise<void> {
  if (job.kind === "email") await sendEmail(deps, job);
}

/** The queue consumer: `deps` is built once per batch by the entry point (index.ts). */
export async function handleQueue(batch: MessageBatch<JobMessage>, deps: Deps): Promise<void> {
  for (const message of batch.messages) {
    try {
      await runJob(deps, message.body);
      message.ack();
    } catch (error) {
      console.error("queue job failed", error);
      message.retry();
    }
  }
}
