import type { Bindings } from "./env";
import { sendEmail } from "./providers/email";

/** Background work (DESIGN.md): e-mail batches and notification fan-out. */
export type JobMessage = { kind: "email"; to: string; subject: string; text: string; html: string };

export async function handleQueue(batch: MessageBatch<JobMessage>, env: Bindings): Promise<void> {
  for (const message of batch.messages) {
    try {
      const job = message.body;
      if (job.kind === "email") await sendEmail(env, job);
      message.ack();
    } catch (error) {
      console.error("queue job failed", error);
      message.retry();
    }
  }
}
