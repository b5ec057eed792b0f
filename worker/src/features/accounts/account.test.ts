import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { USER_BOOLEAN_SETTINGS } from "#shared/enums.ts";
import { meSchema } from "#shared/schemas/user.ts";
import {
  chatThreads,
  chatThreadUsers,
  communities,
  communityMembers,
  emailChanges,
  follows,
  notifications,
  users,
} from "#worker/db/schema/index.ts";
import { api, bearer, deps, detail, form, json } from "#worker-test/api.ts";
import {
  createUser,
  from,
  login,
  newAddress,
  newUsername,
  outbox,
  register,
  registerAndConfirm,
} from "#worker-test/people.ts";

const me = (token: string) => api("/api/v1/private/user/auth/me", { headers: bearer(token) });
const patchForm = (path: string, token: string, fields: Record<string, string>, method = "PATCH") =>
  api(path, { method, headers: bearer(token), body: form(fields) });

const UPDATE_EMAIL = "/api/v1/private/user/auth/update/email";
const UPDATE_PASSWORD = "/api/v1/private/user/auth/update/password";
const DELETE_ACCOUNT = "/api/v1/private/user/auth/delete/account";
const CONFIRM_EMAIL = "/api/v1/user/auth/email/confirm";

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
  /** Asks for the change as the SPA does; answers the reply and the cookie naming the change. */
  async function askChange(person: { token: string; password: string }, newEmail: string) {
    const res = await patchForm(UPDATE_EMAIL, person.token, {
      new_email: newEmail,
      password: person.password,
    });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    return { res, cookie };
  }
  const confirmChange = (code: string, cookie: string, address = newAddress()) =>
    api(`${CONFIRM_EMAIL}?code=${encodeURIComponent(code)}`, {
      method: "POST",
      headers: from(address, cookie ? { cookie } : {}),
    });
  async function changeCode(email: string): Promise<string> {
    for (const mail of await outbox(email)) {
      const match = /^Your code to confirm this email: (\d{6})$/m.exec(mail.text);
      if (match) return match[1]!;
    }
    throw new Error(`no e-mail change code to ${email}`);
  }
  const emailOf = async (username: string) =>
    (await deps.db.orm.select().from(users).where(eq(users.username, username)).get())?.email;
  /** A six-digit code that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("answers 202 and changes nothing yet: a 6-digit code goes to the new address", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { res, cookie } = await askChange(person, newEmail);
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({
      message: "We sent a 6-digit code to your new email. Enter it to finish the change.",
    });
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/^agora_email_change=\w+/);
    expect(await changeCode(newEmail)).toMatch(/^\d{6}$/);
    expect(await emailOf(person.username)).toBe(person.email);
    // The old address still signs in and still gets the forgotten-password e-mail.
    expect((await login(person.username, person.password)).status).toBe(200);
  });

  it("confirms with the code in the same browser: the address is the account's and proven; sessions end", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { cookie } = await askChange(person, newEmail);
    const res = await confirmChange(await changeCode(newEmail), cookie);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ detail: "Your email was updated. Please log in again." });
    expect((await me(person.token)).status).toBe(401);
    const again = await login(person.username, person.password);
    const token = (await json<{ access_token: string }>(again)).access_token;
    expect((await json<{ email: string }>(await me(token))).email).toBe(newEmail);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    expect(row?.emailVerifiedAt).not.toBeNull();
    // The old address hears about it, in case it was not them.
    expect((await outbox(person.email))[0]!.text).toContain(newEmail);
    // The code is spent.
    expect((await confirmChange(await changeCode(newEmail), cookie)).status).toBe(400);
  });

  it("pre-hijacking: asking for someone else's address reserves nothing, and they register with it as usual", async () => {
    const squatter = await registerAndConfirm();
    const victimEmail = `${newUsername("victim")}@example.com`;
    expect((await askChange(squatter, victimEmail)).res.status).toBe(202);
    expect(await emailOf(squatter.username)).toBe(squatter.email);
    // The victim registers with their address and gets their own code, not a "you have an account".
    const victim = await registerAndConfirm({ email: victimEmail });
    expect(await emailOf(victim.username)).toBe(victimEmail);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, squatter.username)).get();
    expect(row?.email).toBe(squatter.email);
  });

  it("pre-hijacking: the code works only in the browser that asked, so its sender cannot replay it elsewhere", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { cookie } = await askChange(person, newEmail);
    const code = await changeCode(newEmail);
    const noCookie = await confirmChange(code, "");
    expect(noCookie.status).toBe(400);
    expect(await detail(noCookie)).toBe("No email change is waiting in this browser. Ask for it again.");
    expect((await confirmChange(code, "agora_email_change=someone-elses")).status).toBe(400);
    expect(await emailOf(person.username)).toBe(person.email);
    expect((await confirmChange(code, cookie)).status).toBe(200);
  });

  it("pre-hijacking: guessing the code gets 5 tries, then the change is void even for the right code", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { cookie } = await askChange(person, newEmail);
    const code = await changeCode(newEmail);
    for (let i = 0; i < 4; i++) {
      const wrong = await confirmChange(otherThan(code), cookie);
      expect(wrong.status).toBe(400);
      expect(await detail(wrong)).toBe("This verification code is not valid.");
    }
    const fifth = await confirmChange(otherThan(code), cookie);
    expect(await detail(fifth)).toBe("Too many wrong codes. Ask for the email change again.");
    const right = await confirmChange(code, cookie);
    expect(right.status).toBe(400);
    expect(await detail(right)).toBe("Too many wrong codes. Ask for the email change again.");
    expect(await emailOf(person.username)).toBe(person.email);
  });

  it("limits wrong codes per address", async () => {
    const address = newAddress();
    for (let i = 0; i < 10; i++) expect((await confirmChange("123456", "", address)).status).toBe(400);
    const blocked = await confirmChange("123456", "", address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses an expired code (10 minutes)", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { cookie } = await askChange(person, newEmail);
    const row = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    await deps.db.orm
      .update(emailChanges)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(emailChanges.userId, row!.id));
    const res = await confirmChange(await changeCode(newEmail), cookie);
    expect(res.status).toBe(400);
    expect(await detail(res)).toBe("This verification code has expired. Ask for a new one.");
    expect(await emailOf(person.username)).toBe(person.email);
  });

  it("keeps one waiting change per person: asking again replaces it", async () => {
    const person = await registerAndConfirm();
    const first = `${newUsername()}@example.org`;
    const second = `${newUsername()}@example.org`;
    const a = await askChange(person, first);
    const b = await askChange(person, second);
    const rows = await deps.db.orm.select().from(emailChanges).all();
    const mine = await deps.db.orm.select().from(users).where(eq(users.username, person.username)).get();
    expect(rows.filter((r) => r.userId === mine!.id)).toHaveLength(1);
    expect((await confirmChange(await changeCode(first), a.cookie)).status).toBe(400);
    expect((await confirmChange(await changeCode(first), b.cookie)).status).toBe(400);
    expect((await confirmChange(await changeCode(second), b.cookie)).status).toBe(200);
    expect(await emailOf(person.username)).toBe(second);
  });

  it("voids a waiting change once the password changes (a thief who asked cannot finish)", async () => {
    const person = await registerAndConfirm();
    const newEmail = `${newUsername()}@example.org`;
    const { cookie } = await askChange(person, newEmail);
    await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: "brand-new-password",
    });
    expect((await confirmChange(await changeCode(newEmail), cookie)).status).toBe(400);
    expect(await emailOf(person.username)).toBe(person.email);
  });

  it("does not tell whether another account uses the address; the code's holder gets 409", async () => {
    const person = await registerAndConfirm();
    const other = await registerAndConfirm();
    const { res, cookie } = await askChange(person, other.email);
    expect(res.status).toBe(202);
    const taken = await confirmChange(await changeCode(other.email), cookie);
    expect(taken.status).toBe(409);
    expect(await detail(taken)).toBe("This email is already registered.");
    expect(await emailOf(person.username)).toBe(person.email);
  });

  it("takes the address from a registration nobody confirmed: proving an address wins it", async () => {
    const person = await registerAndConfirm();
    const { person: waiting } = await register();
    const { cookie } = await askChange(person, waiting.email);
    const code = await changeCode(waiting.email);
    expect((await confirmChange(code, cookie)).status).toBe(200);
    expect(await emailOf(person.username)).toBe(waiting.email);
    expect(await emailOf(waiting.username)).toBeUndefined();
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

  it("refuses the account's own address with 409", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_EMAIL, person.token, {
      new_email: person.email,
      password: person.password,
    });
    expect(res.status).toBe(409);
    expect(await detail(res)).toBe("This is already your email.");
  });

  it("validates the fields with 422", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_EMAIL, person.token, { new_email: "nope", password: person.password });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe("new_email: Must be a valid email");
    const short = await patchForm(UPDATE_EMAIL, person.token, { new_email: "a@b.co", password: "123" });
    expect(await detail(short)).toBe("password: Must be 6 characters or more");
    const code = await api(`${CONFIRM_EMAIL}?code=12ab56`, { method: "POST" });
    expect(code.status).toBe(422);
    expect(await detail(code)).toBe("code: Enter the 6 digits we e-mailed you.");
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

  it("weak passwords: refuses one of the 1,000 most common as the new one, with 422 naming the field", async () => {
    const person = await registerAndConfirm();
    const res = await patchForm(UPDATE_PASSWORD, person.token, {
      old_password: person.password,
      new_password: "letmein",
    });
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe(
      "new_password: This password is too common. Choose one that is harder to guess.",
    );
    expect((await me(person.token)).status).toBe(200);
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
