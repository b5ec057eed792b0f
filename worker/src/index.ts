import app from "./app";
import { createDeps } from "./deps";
import type { Bindings } from "./env";
import { handleQueue, type JobMessage } from "./queue";

export { ChatThread } from "./features/chat/chat-thread";

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, createDeps(env)),
} satisfies ExportedHandler<Bindings, JobMessage>;
