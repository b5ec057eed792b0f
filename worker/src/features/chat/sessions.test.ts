import { runInDurableObject } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHAT_MSG } from "#shared/schemas/chat.ts";
import { users } from "#worker/db/schema/index.ts";
import { closeSocketsOf, THREADS_PER_CALL } from "#worker/lib/sockets/close-sockets.ts";
import { CLOSE_SESSION_ENDED } from "#worker/lib/sockets/resumable.ts";
import { api, bearer, deps, detail, env, form, json, jsonBody } from "#worker-test/api.ts";
import {
  messageList,
  openSocket,
  settle,
  socketToken,
  startThread,
  type TestSocket,
  upgrade,
} from "#worker-test/chat.ts";
import {
  createAdmin,
  createUser,
  from,
  login,
  newAddress,
  outbox,
  type TestUser,
} from "#worker-test/people.ts";
import type { ChatThread } from "./chat-thread";

const stubOf = (publicId: string) => env.CHAT_THREAD.get(env.CHAT_THREAD.idFromName(publicId));
const emailOf = (user: TestUser) => `${user.username}@example.com`;

async function changePassword(user: TestUser): Promise<void> {
  const res = await api("/api/v1/private/user/auth/update/password", {
    method: "PATCH",
    headers: user.auth,
    body: form({ old_password: "password", new_password: "a-brand-new-password" }),
  });
  expect(res.status).toBe(202);
}

async function tokenVersion(user: TestUser): Promise<number> {
  const row = await deps.db.orm
    .select({ v: users.tokenVersion })
    .from(users)
    .where(eq(users.id, user.id))
    .get();
  return row!.v;
}

/** Waits until the socket is closed, and answers its close code. */
async function closedCode(socket: TestSocket): Promise<number | undefined> {
  await expect.poll(() => socket.closed, { timeout: 5_000 }).not.toBeNull();
  return socket.closed?.code;
}

/** Ada talks with Bob and with Cy; each of Ada's threads has her socket and the other's. */
async function adaWithTwoThreads() {
  const [ada, bob, cy] = [await createUser(), await createUser(), await createUser()];
  const withBob = await startThread(ada, bob);
  const withCy = await startThread(ada, cy);
  return {
    ada,
    bob,
    withBob,
    withCy,
    adaBob: await openSocket(ada, withBob),
    adaCy: await openSocket(ada, withCy),
    bobSocket: await openSocket(bob, withBob),
    cySocket: await openSocket(cy, withCy),
  };
}

describe("socket tokens work once", () => {
  it("opens one socket, and the same token is refused the second time, before any upgrade", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const id = await startThread(a, b);
    const token = await socketToken(a, id);
    const first = await upgrade(id, token);
    expect(first.status).toBe(101);
    first.webSocket!.accept();
    const again = await upgrade(id, token);
    expect(again.status).toBe(401);
    expect(again.webSocket).toBeNull();
    expect(await detail(again)).toBe(CHAT_MSG.badToken);
    // A fresh token (what the SPA asks for on every reconnect) works.
    expect((await upgrade(id, await socketToken(a, id), "&reconnect=1")).status).toBe(101);
  });

  it("refuses a token made before the person's password changed", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const id = await startThread(a, b);
    const token = await socketToken(a, id);
    await changePassword(a);
    const res = await upgrade(id, token);
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });
});

describe("revoking a person's sessions closes their sockets", () => {
  it("a password change closes the person's sockets in every thread; the others stay", async () => {
    const t = await adaWithTwoThreads();
    await changePassword(t.ada);
    expect(await closedCode(t.adaBob)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedCode(t.adaCy)).toBe(CLOSE_SESSION_ENDED);
    // Bob keeps talking; Ada's closed socket hears nothing of it.
    const heard = t.adaBob.frames.length;
    t.bobSocket.send({ message_type: "TEXT", text: "still there?" });
    await t.bobSocket.next("TEXT");
    await settle();
    expect(t.adaBob.frames.length).toBe(heard);
    expect(t.bobSocket.closed).toBeNull();
    expect(t.cySocket.closed).toBeNull();
  });

  it("a suspension by staff closes them", async () => {
    const t = await adaWithTwoThreads();
    const admin = await createAdmin();
    const res = await api("/api/admin/private/user/status", {
      method: "PATCH",
      ...jsonBody({ email: emailOf(t.ada), user_status: "SUSPENDED" }, admin.auth),
    });
    expect(res.status).toBe(200);
    expect(await closedCode(t.adaBob)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedCode(t.adaCy)).toBe(CLOSE_SESSION_ENDED);
    expect(t.bobSocket.closed).toBeNull();
  });

  it("deleting the account closes them", async () => {
    const t = await adaWithTwoThreads();
    const res = await api("/api/v1/private/user/auth/delete/account", {
      method: "DELETE",
      headers: t.ada.auth,
      body: form({ username: t.ada.username, password: "password" }),
    });
    expect(res.status).toBe(202);
    expect(await closedCode(t.adaBob)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedCode(t.adaCy)).toBe(CLOSE_SESSION_ENDED);
  });

  it("signing in with an e-mailed replacement password closes the older sockets", async () => {
    const t = await adaWithTwoThreads();
    const asked = await api(`/api/v1/user/auth/reset/password?email=${emailOf(t.ada)}`, {
      method: "POST",
      headers: from(newAddress()),
    });
    expect(asked.status).toBe(202);
    const replacement = /^Your new password: (\S+)$/m.exec((await outbox(emailOf(t.ada)))[0]?.text ?? "");
    // Until the replacement is used, the old sessions (and sockets) stand.
    await settle();
    expect(t.adaBob.closed).toBeNull();
    const res = await login(t.ada.username, replacement![1]!);
    expect(await json(res)).toMatchObject({ password_change_required: true });
    expect(await closedCode(t.adaBob)).toBe(CLOSE_SESSION_ENDED);
    expect(await closedCode(t.adaCy)).toBe(CLOSE_SESSION_ENDED);
  });

  it("an ordinary sign-in closes nothing", async () => {
    const t = await adaWithTwoThreads();
    expect((await login(t.ada.username, "password")).status).toBe(200);
    await settle(300);
    expect(t.adaBob.closed).toBeNull();
    t.adaBob.send({ message_type: "TEXT", text: "signed in on my phone too" });
    await t.bobSocket.next("TEXT");
  });

  it("reaches a person's threads past one call's share through the queue", async () => {
    const [ada, bob] = [await createUser(), await createUser()];
    const oldest = await startThread(ada, bob);
    // Many newer threads of hers straight in D1 (nobody else in them), so the oldest is told last.
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
         INSERT INTO chat_threads (public_id, chat_thread_type, pair_key, created_at)
         SELECT 'q' || ?2 || 't' || i, 'PERSONAL', 'q' || ?2 || ':' || i, ?3 FROM n`,
      ).bind(THREADS_PER_CALL, ada.id, now),
      env.DB.prepare(
        `INSERT INTO chat_thread_users (thread_id, user_id, total_unread_messages, last_activity_at, created_at)
         SELECT id, ?1, 0, ?2, ?2 FROM chat_threads WHERE public_id LIKE 'q' || ?1 || 't%'`,
      ).bind(ada.id, now),
    ]);
    const socket = await openSocket(ada, oldest);
    await deps.db.orm
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, ada.id));
    await closeSocketsOf(env, { id: ada.id });
    expect(await closedCode(socket)).toBe(CLOSE_SESSION_ENDED);
  }, 30_000);
});

describe("the thread's object guards its sockets itself", () => {
  it("closes a socket whose sessions were revoked without telling it, on its next frame", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const id = await startThread(a, b);
    const sa = await openSocket(a, id);
    const sb = await openSocket(b, id);
    // The revocation happened, but the call to this thread was lost.
    await deps.db.orm
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, a.id));
    // The object re-reads accounts at most every SESSION_RECHECK_MS: as if that time had passed.
    await runInDurableObject(stubOf(id), (instance: ChatThread) => {
      (instance as unknown as { recheck: { expire(): void } }).recheck.expire();
    });
    sa.send({ message_type: "TEXT", text: "after my password changed", client_id: "late-1" });
    expect(await closedCode(sa)).toBe(CLOSE_SESSION_ENDED);
    await settle();
    expect(sb.frames.some((f) => f.message_type === "TEXT")).toBe(false);
    expect((await messageList(b, id)).total_list).toBe(0);
  });

  it("once told, refuses the older sessions' frames and socket tokens", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const id = await startThread(a, b);
    const sb = await openSocket(b, id);
    const token = await socketToken(a, id);
    const version = await tokenVersion(a);
    const closed = await stubOf(id).revokeSessions(a.id, version + 1);
    expect(closed).toBe(0);
    // D1 was not changed, so only the object stands in the way.
    const res = await upgrade(id, token);
    expect(res.status).toBe(401);
    expect(await detail(res)).toBe(CHAT_MSG.badToken);
    await settle();
    expect(sb.frames.filter((f) => f.message_type === "CONNECT").length).toBe(1);
    expect(
      (await api(`/api/v1/private/user/auth/me`, { headers: bearer(a.token) })).status,
      "the account itself is untouched",
    ).toBe(200);
  });
});
