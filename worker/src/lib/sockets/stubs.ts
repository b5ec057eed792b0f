import type { Deps } from "#worker/deps.ts";

/** The person's inbox object (one per person, named by their id). */
export function inboxStub({ env }: Deps, userId: number) {
  return env.INBOX.get(env.INBOX.idFromName(`user:${userId}`));
}

/** The object holding the sockets of the tabs that show a post (named by its public id). */
export function watchersStub({ env }: Deps, postPublicId: string) {
  return env.POST_WATCHERS.get(env.POST_WATCHERS.idFromName(`post:${postPublicId}`));
}

/** A chat thread's object (named by the thread's public id). */
export function threadStub({ env }: Deps, threadPublicId: string) {
  return env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(threadPublicId));
}
