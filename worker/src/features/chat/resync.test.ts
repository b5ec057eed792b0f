import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { env } from "#worker-test/api.ts";
import { openSocket, settle, startThread, threadOf } from "#worker-test/chat.ts";
import { createUser } from "#worker-test/people.ts";
import type { ChatThread } from "./chat-thread";

// A thread's list entry (last message, each member's unread count) is written to D1 after the
// message is stored in the thread's object. A server killed between the two writes (bench/crash)
// left the list behind the messages; the thread's alarm writes D1 again after the restart.

const stubOf = (publicId: string) => env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(publicId));

/** What a kill between the object's write and D1's does: D1 never hears of the last message. */
async function loseTheD1Write(publicId: string) {
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE chat_threads SET last_message_text = NULL, last_message_type = NULL, last_message_at = NULL WHERE public_id = ?1",
    ).bind(publicId),
    env.DB.prepare(
      "UPDATE chat_thread_users SET total_unread_messages = 0 WHERE thread_id = (SELECT id FROM chat_threads WHERE public_id = ?1)",
    ).bind(publicId),
  ]);
  await runInDurableObject(stubOf(publicId), (_instance: ChatThread, state) => {
    state.storage.sql.exec("UPDATE d1_sync SET synced = 0");
  });
}

describe("a thread's list entry after a crash", () => {
  it("catches up with the messages: the other person sees the last message and 1 unread", async () => {
    const a = await createUser();
    const b = await createUser();
    const id = await startThread(a, b);
    const sa = await openSocket(a, id);
    sa.send({ message_type: "TEXT", text: "are you there?", client_id: "resync-1" });
    await sa.next("TEXT", (f) => f.client_id === "resync-1");
    await settle();
    await loseTheD1Write(id);
    expect(await threadOf(b, id)).toMatchObject({ total_unread_messages: 0, last_message: null });

    expect(await runDurableObjectAlarm(stubOf(id))).toBe(true);
    expect(await threadOf(b, id)).toMatchObject({
      total_unread_messages: 1,
      last_message: { text: "are you there?" },
    });
    expect(await threadOf(a, id)).toMatchObject({
      total_unread_messages: 0,
      last_message: { text: "are you there?" },
    });
  });
});
