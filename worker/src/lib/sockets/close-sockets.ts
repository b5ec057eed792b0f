import { createDeps, type Deps } from "#worker/deps.ts";
import type { Bindings } from "#worker/env.ts";
import { mayHoldSession } from "#worker/lib/sessions.ts";
import { accountByOwner, threadsOfUserBefore } from "./close-sockets-queries";
import { inboxStub, threadStub, watchersStub } from "./stubs";

// When a person's sessions are revoked (password change or reset, suspension, deletion, e-mail
// change), the sockets they hold must close too: a socket outlives the token that opened it.
// `closeSocketsOf` is the one call the revoking paths make, after their write, in
// `ctx.waitUntil`. It reads the account's token version as it is now and tells every object that
// may hold the person's sockets; each closes the ones opened under an older version (code 4401)
// and refuses socket tokens made before. Another kind of socket holder (a per-person object for
// live updates) joins by adding itself to SOCKET_HOLDERS.

/** The person whose sockets close: by id, or as an admin screen names them. */
export type SocketOwner = { id: number } | { username: string } | { email: string };

/** A person's account as the holders need it. */
interface RevokedPerson {
  id: number;
  /** The token version now: sessions made under a lower one are over. */
  version: number;
  /** The account may hold no session at all now (suspended, inactive, deleted). */
  gone: boolean;
}

/** Closes the person's sockets in one kind of object. */
type SocketHolder = (deps: Deps, person: RevokedPerson) => Promise<void>;

/** Threads told per invocation; a person with more is finished by the queue (`close-sockets`). */
export const THREADS_PER_CALL = 200;
/** Thread objects called at once. */
const FAN_OUT = 20;

/** A job for the queue: the person's threads older than `before` are still to be told. */
export interface CloseSocketsJob {
  kind: "close-sockets";
  userId: number;
  before: number;
}

/**
 * The person's chat threads, newest first (an open socket is likelier there), from thread id
 * `before` down; past THREADS_PER_CALL the rest goes to the queue.
 */
async function tellThreads(deps: Deps, person: RevokedPerson, before = Number.MAX_SAFE_INTEGER) {
  const rows = await threadsOfUserBefore(deps, person.id, before, THREADS_PER_CALL + 1);
  const now = rows.slice(0, THREADS_PER_CALL);
  for (let i = 0; i < now.length; i += FAN_OUT) {
    await Promise.all(
      now.slice(i, i + FAN_OUT).map((t) =>
        threadStub(deps, t.public_id)
          .revokeSessions(person.id, person.version, person.gone)
          .catch((error) => console.error("closing a thread's sockets failed", error)),
      ),
    );
  }
  if (rows.length > THREADS_PER_CALL) {
    const job: CloseSocketsJob = { kind: "close-sockets", userId: person.id, before: now.at(-1)!.id };
    await deps.env.JOBS.send(job);
  }
}

/** The person's inbox (live updates): its tabs close like the chat sockets. */
async function tellInbox(deps: Deps, person: RevokedPerson): Promise<void> {
  await inboxStub(deps, person.id)
    .revokeSessions(person.id, person.version, person.gone)
    .catch((error) => console.error("closing an inbox's sockets failed", error));
}

/** The posts whose sockets the person opened lately, as their inbox remembers them. */
async function tellWatchedPosts(deps: Deps, person: RevokedPerson): Promise<void> {
  const posts = await inboxStub(deps, person.id)
    .watchedPosts(person.id)
    .catch((error) => {
      console.error("reading the posts a person watched failed", error);
      return [] as string[];
    });
  for (let i = 0; i < posts.length; i += FAN_OUT) {
    await Promise.all(
      posts.slice(i, i + FAN_OUT).map((publicId) =>
        watchersStub(deps, publicId)
          .revokeSessions(person.id, person.version, person.gone)
          .catch((error) => console.error("closing a post's sockets failed", error)),
      ),
    );
  }
}

const SOCKET_HOLDERS: SocketHolder[] = [
  tellInbox,
  tellWatchedPosts,
  (deps, person) => tellThreads(deps, person),
];

async function revokedPerson(deps: Deps, who: SocketOwner): Promise<RevokedPerson | null> {
  const row = await accountByOwner(deps, who);
  if (!row) return null;
  const gone = !mayHoldSession(row);
  return { id: row.id, version: row.token_version, gone };
}

/**
 * Closes the sockets of a person whose sessions were just revoked. Call it after the revoking
 * write, as `c.executionCtx.waitUntil(closeSocketsOf(c.env, { id }))`; it never throws.
 */
export async function closeSocketsOf(env: Bindings, who: SocketOwner): Promise<void> {
  try {
    const deps = createDeps(env);
    const person = await revokedPerson(deps, who);
    if (!person) return;
    for (const holder of SOCKET_HOLDERS) await holder(deps, person);
  } catch (error) {
    console.error("closing a person's sockets failed", error);
  }
}

/** The queue's part: the rest of a person's threads. */
export async function continueClosingSockets(deps: Deps, job: CloseSocketsJob): Promise<void> {
  const person = await revokedPerson(deps, { id: job.userId });
  if (person) await tellThreads(deps, person, job.before);
}
