import { Database } from "./db/database";
import type { Bindings } from "./env";

/**
 * What a service needs, as its one first argument: the request's data handle and the bindings
 * (R2, the chat namespace, the queue, provider settings). Routes pass `c.var.deps`; Durable
 * Objects, the queue consumer and scheduled handlers build theirs with `createDeps(env)`.
 */
export interface Deps {
  db: Database;
  env: Bindings;
  /**
   * Work that must finish but not before the answer (a request's `waitUntil`). Without it (Durable
   * Objects, the queue, scheduled handlers) the caller awaits the work itself.
   */
  background?: (work: Promise<unknown>) => void;
  /**
   * The phrases the signed-in viewer mutes now, read with the token check (middleware/auth.ts) so
   * the lists that filter by them need no round trip of their own.
   */
  viewerMutes?: { userId: number; rows: Array<{ phrase: string; wholeWord: boolean; contexts: string }> };
}

/**
 * `bookmark`: where the request's D1 session starts (see `Database`); without one it starts on the
 * primary, which is what Durable Objects, the queue and scheduled work want before they write.
 */
export function createDeps(
  env: Bindings,
  background?: (work: Promise<unknown>) => void,
  bookmark?: string,
): Deps {
  return { db: new Database(env.DB, bookmark), env, background };
}
