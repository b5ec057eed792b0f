import app from "./app";
import { createDeps } from "./deps";
import type { Bindings } from "./env";
import { removeExpiredExports } from "./features/data-export/service";
import { closeExpiredJobs } from "./features/jobs/expiry";
import { reconcileMemberships } from "./features/payments/reconcile";
import { handleQueue, type JobMessage } from "./queue";

export { ChatThread } from "./features/chat/chat-thread";
export { Inbox } from "./features/live/inbox";
export { PostWatchers } from "./features/live/post-watchers";

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, createDeps(env)),
  // The daily Cron Trigger of wrangler.toml.
  scheduled: async (controller, env) => {
    const deps = createDeps(env);
    // Each daily task runs even when the other fails; a failure still marks the run failed.
    const runs = await Promise.allSettled([
      closeExpiredJobs(deps, controller.scheduledTime),
      reconcileMemberships(deps, controller.scheduledTime),
      removeExpiredExports(deps, controller.scheduledTime),
    ]);
    for (const run of runs) if (run.status === "rejected") throw run.reason;
  },
} satisfies ExportedHandler<Bindings, JobMessage>;
