import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { USER_BOOLEAN_SETTINGS } from "#shared/enums.ts";
import { meSchema } from "#shared/schemas/user.ts";
import {
  chatThreads,
  chatThreadUsers,
  communities,
  communityMembers,
  follows,
  notifications,
  users,
} from "#worker/db/schema/index.ts";
import { api, bearer, deps, form, json } from "#worker-test/api.ts";
import { createUser, login, newUsername, outbox, register, registerAndConfirm } from "#worker-test/people.ts";

const detail = async (res: Response) => (await json<{ detail: string }>(res)).detail;
const me = (token: string) => api("/api/v1/private/user/auth/me", { headers: bearer(token) });
const patchForm = (path: string, token: string, fields: Record<string, string>, method = "PATCH") =>
  api(path, { method, headers: bearer(token), body: form(fields) });

const UPDATE_EMAIL = "/api/v1/private/user/auth/update/email";
const UPDATE_PASSWORD = "/api/v1/private/user/auth/update/password";
const DELETE_ACCOUNT = "/api/v1/private/user/auth/delete/account";

describe("me", () => {
  it("answers the full User with every setting by name", async () => {
    const person = await registerAndConfirm();
    const res = await me(person.token);
    expect(res.status).toBe(200);
    const body = meSchema.parse(await json(res));
    expect(body).toMatchObject({
      username: person.username,
      email: person.email,
      role: "USER",
      status: "ACTIVE",
      user_is_owner: true,
      is_following: false,
      use_night_mode: true,
      referrer_username: null,
      total_followers: 0,
    });
    expect(Object.keys(body.settings).sort()).toEqual([...USER_BOOLEAN_SETTINGS].sort());
    expect(body.settings.USE_NIGHT_MODE).toBe(true);
    expect(body.settings.SHOW_BLOCKED_LIST).toBe(false);
  });
});

describe("boolean settings", () => {
  it("flips a flag and answers its new value, which me then shows", async () => {
    const user = await createUser();
    const flip = () =>
      api("/api/v1/private/user/setting/boolean?user_boolean_setting=USE_NIGHT_MODE", {
        method: "PATCH",
        headers: user.auth,
      });
    const first = await flip();
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ result: false });
    const shown = await json<{ use_night_mode: boolean; settings: Record<string, boolean> }>(
      await me(user.token),
    );
    expect(shown.use_night_mode).toBe(false);
    expect(shown.settings.USE_NIGHT_MODE).toBe(false);
    expect(await json(await flip())).toEqual({ result: true });
  });

  it.each(USER_BOOLEAN_SETTINGS)("flips %s", async (setting) => {
    const user = await createUser();
    const before = (await json<{ settings: Record<string, boolean> }>(await me(user.token))).settings[
      setting
    ];
    const res = await api(`/api/v1/private/user/setting/boolean?user_boolean_setting=${setting}`, {
      method: "PATCH",
      headers: user.auth,
    });
    expect(await json(res)).toEqual({ result: !before });
  });

  it("refuses an unknown setting with 422 and a visitor with 401", async () => {
    const user = await createUser();
    const bad = await api("/api/v1/private/user/setting/boolean?user_boolean_setting=IS_STAFF", {
      method: "PATCH",
      headers: user.auth,
    });
    expect(bad.status).toBe(422);
    expect(await detail(bad)).toMatch(/^user_boolean_setting: /);
    const visitor = await api("/api/v1/private/user/setting/boolean?user_boolean_setting=NEWSLETTER", {
      method: "PATCH",
    });
    expect(visitor.status).toBe(401);
  });
});

describe("unread data", () => {
  it("is zero for a new user", async () => {
    const user = await createUser();
    const res = await api("/api/v1/private/user/unread/data", { headers: user.auth });
    expect(await json(res)).toEqual({ unread_notifications: 0, unread_chat_threads: 0, total_unread: 0 });
  });

  it("counts unread notifications and chat threads with unread messages, for that user only", async () => {
    const user = await createUser();
    const other = await createUser();
    const db = deps.db.orm;
    await db.insert(notifications).values([
      { userId: user.id, kind: "FOLLOWER", actorId: other.id, link: null, text: null },
      { userId: user.id, kind: "UPVOTE", actorId: other.id, link: null, text: null },
      { userId: user.id, kind: "COMMENT", actorId: other.id, link: null, text: null, isRead: true },
      { userId: other.id, kind: "FOLLOWER", actorId: user.id, link: null, text: null },
    ]);
    const now = Date.now();
    const threads = await db
      .insert(chatThreads)
      .values([
        { publicId: `t${newUsername()}`, pairKey: `a${newUsername()}` },
        { publicId: `t${newUsername()}`, pairKey: `b${newUsername()}` },
      ])
      .returning({ id: chatThreads.id });
    await db.insert(chatThreadUsers).values([
      { threadId: threads[0]!.id, userId: user.id, totalUnreadMessages: 7, lastActivityAt: now },
      { threadId: threads[1]!.id, userId: user.id, totalUnreadMessages: 0, lastActivityAt: now },
      { threadId: threads[0]!.id, userId: other.id, totalUnreadMessages: 3, lastActivityAt: now },
    ]);
    const res = await api("/api/v1/private/user/unread/data", { headers: user.auth });
    expect(await json(res)).toEqual({ unread_notifications: 2, unread_chat_threads: 1, total_unread: 3 });
  });
});

describe("updating the e-mail", () => {
  it("answers 202, ends the session, and the new e-mail is the account's", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const res = await patchForm(UPDATE_EMAIL, person.token, {
      new_email: newEmail,
      password: person.password,
    });
    expect(res.status).toBe(202);
    expect((await me(person.token)).status).toBe(401);
    const again = await login(person.username, person.password);
    const token = (await json<{ access_token: string }>(again)).access_token;
    expect((await json<{ email: string }>(await me(token))).email).toBe(newEmail);
    // The old address hears about it, in case it was not them.
    expect((await outbox(person.email))[0]!.text).toContain(newEmail);
  });

  it("refuses a wrong password with 403 and keeps the session", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_EMAIL, person.token, {
      new_email: `${newUsername()}@example.org`,
      password: "wrong-password",
    });
    expect(res.status).toBe(403);
    expect(await detail(res)).toBe("The password is incorrect.");
    expect((await me(person.token)).status).toBe(200);
  });

  it("refuses an e-mail another account uses with 409", async () => {
    const person = await registerAndConfirm();
    const other = await registerAndConfirm();
    const res = await patchForm(UPDATE_EMAIL, person.token, {
      new_email: other.email,
      password: person.password,
    });
    expect(res.status).toBe(409);
    expect(await detail(res)).toBe("This email is already registered.");
  });

  it("validates the fields with 422", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_EMAIL, person.token, { new_email: "nope", password: person.password });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("new_email: Must be a valid email");
    const short = await patchForm(UPDATE_EMAIL, person.token, { new_email: "a@b.co", password: "123" });
    expect(await detail(short)).toBe("password: Must be 6 characters or more");
  });
});

describe("updating the password", () => {
  it("answers 202; older tokens stop working; the new password logs in and the old does not", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: "brand-new-password",
    });
    expect(res.status).toBe(202);
    expect((await me(person.token)).status).toBe(401);
    expect((await login(person.username, person.password)).status).toBe(401);
    expect((await login(person.username, "brand-new-password")).status).toBe(200);
  });

  it("refuses a wrong old password with 403", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: "not-my-password",
      new_password: "brand-new-password",
    });
    expect(res.status).toBe(403);
    expect((await me(person.token)).status).toBe(200);
  });

  it("limits wrong passwords per account", async () => {
    const person = await registerAndConfirm();
    for (let i = 0; i < 10; i++) {
      const res = await patchForm(UPDATE_PASSWORD, person.token, {
        old_password: `wrong-${i}`,
        new_password: "x234567",
      });
      expect(res.status).toBe(403);
    }
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: "x234567",
    });
    expect(res.status).toBe(429);
  });

  it.each([
    [{ new_password: "12345" }, "new_password: Must be 6 characters or more"],
    [{ new_password: "p".repeat(129) }, "new_password: Must be 128 characters or less"],
    [{ old_password: "" }, "old_password: Required"],
  ])("validates %o with 422 naming the field", async (override, expected) => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: "brand-new-password",
      ...override,
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toMatch(new RegExp(`^${expected}`));
  });

  it("refuses the same password with 422", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: person.password,
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("new_password: The new password must be different from the old one.");
  });

  it("needs a form body: 415 without one", async () => {
    const person = await registerAndConfirm();
    const res = await api(UPDATE_PASSWORD, { method: "PATCH", headers: bearer(person.token) });
    expect(res.status).toBe(415);
  });
});

describe("deleting the account", () => {
  it("answers 202; the token and the password stop working; the e-mail is free again", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(
      DELETE_ACCOUNT,
      person.token,
      { username: person.username, password: person.password },
      "DELETE",
    );
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ message: "Your account will be deleted" });
    expect((await me(person.token)).status).toBe(401);
    expect((await login(person.username, person.password)).status).toBe(401);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.email).not.toBe(person.email);
    // The address can make a new account; the old name stays reserved.
    expect((await register({ email: person.email })).res.status).toBe(201);
    expect((await register({ username: person.username })).res.status).toBe(409);
  });

  it("refuses another username or a wrong password with 403 and deletes nothing", async () => {
    const person = await registerAndConfirm();
    const wrongName = await patchForm(
      DELETE_ACCOUNT,
      person.token,
      { username: "someoneelse", password: person.password },
      "DELETE",
    );
    expect(wrongName.status).toBe(403);
    expect(await detail(wrongName)).toBe("The username does not match your account.");
    const wrongPassword = await patchForm(
      DELETE_ACCOUNT,
      person.token,
      { username: person.username, password: "not-my-password" },
      "DELETE",
    );
    expect(wrongPassword.status).toBe(403);
    expect((await me(person.token)).status).toBe(200);
  });

  it("takes their follows and memberships out of everyone's counters in the same step", async () => {
    const leaving = await createUser();
    const friend = await createUser();
    const fan = await createUser();
    const db = deps.db.orm;
    await db.insert(follows).values([
      { followerId: leaving.id, followeeId: friend.id },
      { followerId: fan.id, followeeId: leaving.id },
    ]);
    await db.update(users).set({ totalFollowers: 1 }).where(eq(users.id, friend.id));
    await db.update(users).set({ totalFollowing: 1 }).where(eq(users.id, fan.id));
    const community = await db
      .insert(communities)
      .values({ name: `c${newUsername()}`, ownerId: friend.id, totalMembers: 2 })
      .returning({ id: communities.id })
      .get();
    await db.insert(communityMembers).values([
      { communityId: community.id, userId: friend.id, role: "OWNER" },
      { communityId: community.id, userId: leaving.id },
    ]);

    const res = await patchForm(
      DELETE_ACCOUNT,
      leaving.token,
      { username: leaving.username, password: "password" },
      "DELETE",
    );
    expect(res.status).toBe(202);
    const counts = async (id: number) =>
      db
        .select({ followers: users.totalFollowers, following: users.totalFollowing })
        .from(users)
        .where(eq(users.id, id))
        .get();
    expect(await counts(friend.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(fan.id)).toEqual({ followers: 0, following: 0 });
    const members = await db
      .select({ n: communities.totalMembers })
      .from(communities)
      .where(eq(communities.id, community.id))
      .get();
    expect(members?.n).toBe(1);
  });
});
