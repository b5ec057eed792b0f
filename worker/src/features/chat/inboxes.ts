import type { LiveEvent } from "#shared/schemas/live.ts";
import type { Deps } from "#worker/deps.ts";
import { inboxStub } from "#worker/lib/sockets/stubs.ts";
import { iso } from "#worker/lib/time.ts";
import type { ThreadStorage } from "./thread-storage";

/**
 * Each member's open tabs (their inbox) learn the thread's new last message and their unread
 * count, so their thread list and badges follow without polling; with no tab open, the inbox
 * pushes. A member whose view did not change is not told again (`told`: user id → what they were
 * last told). A group's former members are not members: they are told nothing more.
 */
export async function tellInboxes(
  deps: Deps,
  storage: ThreadStorage,
  told: Map<number, string>,
  threadPublicId: string,
  activity: number,
): Promise<void> {
  const last = storage.lastMessage();
  await Promise.all(
    [...storage.participants().values()].map((p) => {
      const event: LiveEvent = {
        type: "CHAT_THREAD",
        public_id: threadPublicId,
        last_message: last,
        total_unread_messages: storage.unreadBy(p),
        updated_at: iso(activity),
      };
      const key = JSON.stringify(event);
      if (told.get(p.userId) === key) return undefined;
      told.set(p.userId, key);
      return inboxStub(deps, p.userId)
        .deliver(p.userId, [event], { unread: true })
        .catch((error) => console.error("telling an inbox of a chat change failed", error));
    }),
  );
}
