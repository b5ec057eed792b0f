import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { microposts, moderations, notifications } from "#worker/db/schema/index.ts";
import { jobForm } from "#worker/features/jobs/test-kit.ts";
import { api, deps, form, json } from "./api";
import { startThread } from "./chat";
import { databaseFingerprint, type Operation, operations } from "./hostile";
import { createAdmin, createUser, type TestUser } from "./people";
import { newCommunity, newPost, pngFile } from "./posts";

// The authorization matrix, generated from the OpenAPI document. Every private
// operation refuses a visitor, every admin operation refuses a user token, and every operation on
// something a person owns refuses another person without changing anything. An operation the
// matrix does not classify fails the test, so a new route must say who may call it.

type Rule =
  /** Anyone may call it. */
  | "public"
  /** A signed-in person acting on their own account or things, named by the token alone. */
  | "self"
  /** Staff only. */
  | "admin"
  /** Acts on one person's thing named in the request: another person is refused. */
  | { owned: (f: Fixture) => { path: string; init: RequestInit } };

interface Fixture {
  owner: TestUser;
  community: string;
  post: string;
  draft: string;
  comment: string;
  thread: string;
  /** A group the owner made (docs/decisions/143). */
  group: string;
  job: string;
  service: string;
  notification: number;
  moderation: number;
  /** The owner's post staff removed (its page tells only the owner why). */
  removedPost: string;
}

const V1 = "/api/v1/private/user";

/** A JSON request of `method` with `body`. */
const jsonInit = (method: string, body: object): RequestInit => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

const RULES: Record<string, Rule> = {
  "GET /api/health": "public",
  "POST /api/v1/user/auth/register": "public",
  "POST /api/v1/user/auth/register/email/confirm": "public",
  "POST /api/v1/user/auth/register/email/resend": "public",
  "POST /api/v1/user/auth/login": "public",
  "POST /api/v1/user/auth/reset/password": "public",
  // Named by the signed password_token a temporary password's sign-in answered.
  "POST /api/v1/user/auth/password/temporary": "public",
  // Named by the asking browser's cookie and the e-mailed code, not by a session (the SPA signs out).
  "POST /api/v1/user/auth/email/confirm": "public",
  // Named by the one-use code and the browser's OAuth nonce cookie.
  "POST /api/v1/user/auth/google/exchange": "public",
  "GET /api/v1/user/auth/oauth/google/login": "public",
  "GET /api/v1/user/auth/oauth/google/callback": "public",
  "POST /api/admin/auth/login": "public",
  // The second step of a sign-in, named by its signed mfa_token; passkey sign-in, by the passkey.
  "POST /api/v1/user/auth/login/mfa": "public",
  "POST /api/v1/user/auth/passkey/login/options": "public",
  "POST /api/v1/user/auth/passkey/login": "public",
  "POST /api/admin/auth/login/mfa": "public",
  "POST /api/admin/auth/passkey/login/options": "public",
  "POST /api/admin/auth/passkey/login": "public",
  // Two-factor: the token names whose factors; a passkey id of someone else's is a 404.
  [`GET ${V1}/auth/mfa`]: "self",
  [`POST ${V1}/auth/totp/setup`]: "self",
  [`POST ${V1}/auth/totp/enable`]: "self",
  [`DELETE ${V1}/auth/totp`]: "self",
  [`POST ${V1}/auth/step-up`]: "self",
  [`POST ${V1}/auth/step-up/passkey/options`]: "self",
  [`POST ${V1}/auth/passkey/register/options`]: "self",
  [`POST ${V1}/auth/passkey/register`]: "self",
  [`GET ${V1}/auth/passkey/list`]: "self",
  [`DELETE ${V1}/auth/passkey`]: "self",
  [`POST ${V1}/auth/recovery-codes`]: "self",
  [`POST ${V1}/auth/sign-out-everywhere`]: "self",
  "GET /api/v1/community": "public",
  "GET /api/v1/community/list": "public",
  "GET /api/v1/community/member/list": "public",
  "GET /api/v1/feed": "public",
  "GET /api/v1/push/public-key": "public",
  // The e-mail's one-click link: the signed token names the person, no session does.
  "POST /api/v1/notification/unsubscribe": "public",
  "GET /api/v1/micropost": "public",
  "GET /api/v1/micropost/comment/list": "public",
  "GET /api/v1/micropost/history": "public",
  "GET /api/v1/micropost/comment/history": "public",
  "GET /api/v1/community/micropost/list": "public",
  "GET /api/v1/user/micropost/list": "public",
  "GET /api/v1/user": "public",
  "GET /api/v1/connections": "public",
  "GET /api/v1/search": "public",
  "GET /api/v1/featured/main/list": "public",
  "GET /api/v1/membership/plan/list": "public",
  "GET /api/v1/blog/list": "public",
  "GET /api/v1/blog": "public",
  // Needs a signed-in person (app.ts), so a visitor is refused.
  "GET /api/v1/job/list": "public",
  "GET /api/v1/job": "public",
  "GET /api/v1/user/job/list": "public",
  "POST /api/v1/user/resume": "public",
  "GET /api/v1/service/list": "public",
  "GET /api/v1/service": "public",
  // Communities run by their people: what they decided is public; acting needs the community's
  // owner or a moderator (another person 403), checked action by action in the feature's tests.
  "GET /api/v1/community/moderator/list": "public",
  "GET /api/v1/community/mod/log": "public",
  "GET /api/v1/community/flair/list": "public",
  [`POST ${V1}/community/moderator`]: {
    owned: (f) => ({
      path: `${V1}/community/moderator`,
      init: jsonInit("POST", { name: f.community, username: f.owner.username }),
    }),
  },
  [`DELETE ${V1}/community/moderator`]: {
    owned: (f) => ({
      path: `${V1}/community/moderator`,
      init: jsonInit("DELETE", { name: f.community, username: f.owner.username }),
    }),
  },
  [`POST ${V1}/community/mod/remove`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/remove`,
      init: jsonInit("POST", { name: f.community, target_type: "POST", public_id: f.post, reason: "Spam" }),
    }),
  },
  [`POST ${V1}/community/mod/restore`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/restore`,
      init: jsonInit("POST", { name: f.community, target_type: "POST", public_id: f.post, reason: "Fine" }),
    }),
  },
  [`POST ${V1}/community/mod/pin`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/pin`,
      init: jsonInit("POST", { name: f.community, public_id: f.post, pinned: true }),
    }),
  },
  [`POST ${V1}/community/mod/lock`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/lock`,
      init: jsonInit("POST", { name: f.community, public_id: f.post, locked: true }),
    }),
  },
  [`POST ${V1}/community/mod/ban`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/ban`,
      init: jsonInit("POST", { name: f.community, username: f.owner.username, reason: "Spam", days: 1 }),
    }),
  },
  [`DELETE ${V1}/community/mod/ban`]: {
    owned: (f) => ({
      path: `${V1}/community/mod/ban`,
      init: jsonInit("DELETE", { name: f.community, username: f.owner.username }),
    }),
  },
  [`GET ${V1}/community/mod/ban/list`]: {
    owned: (f) => ({ path: `${V1}/community/mod/ban/list?name=${f.community}`, init: {} }),
  },
  [`GET ${V1}/community/mod/report/list`]: {
    owned: (f) => ({ path: `${V1}/community/mod/report/list?name=${f.community}`, init: {} }),
  },
  [`POST ${V1}/community/flair`]: {
    owned: (f) => ({
      path: `${V1}/community/flair`,
      init: jsonInit("POST", { name: f.community, flair_name: "Mine", colour: "#3b82f6" }),
    }),
  },
  // A flair is named by its id: another community's moderator is refused (the feature's tests).
  [`PATCH ${V1}/community/flair`]: "self",
  [`DELETE ${V1}/community/flair`]: "self",
  // Feeds of your own: a public feed is anyone's to read, a private one its owner's (404 to others,
  // the feature's tests); the token names whose feeds and reads.
  "GET /api/v1/feed/micropost/list": "public",
  "GET /api/v1/feed/detail": "public",
  [`GET ${V1}/feed/list`]: "self",
  [`POST ${V1}/feed`]: "self",
  [`PATCH ${V1}/feed`]: "self",
  [`DELETE ${V1}/feed`]: "self",
  [`POST ${V1}/micropost/read`]: "self",
  [`POST ${V1}/micropost/read/all`]: "self",
  [`DELETE ${V1}/micropost/read/all`]: "self",
  // Reactions are the token's own; who reacted is as public as the item.
  [`PUT ${V1}/reaction`]: "self",
  [`DELETE ${V1}/reaction`]: "self",
  "GET /api/v1/reaction/list": "public",
  [`PUT ${V1}/notification/language`]: "self",
  // Development only (404 in production), checked in the dev feature's tests.
  "GET /api/dev/outbox": "public",
  "POST /api/dev/seed": "public",
  "POST /api/dev/trust-level": "public",
  // The socket is opened with a one-use token from websocket/auth, which is owner-checked.
  "GET /api/v1/chat/websocket/connect": "public",
  // The live socket: a one-use token from live/websocket/auth opens the token's own person's inbox.
  "GET /api/v1/live/websocket/connect": "public",
  [`POST ${V1}/live/websocket/auth`]: "self",
  // A post's socket: a one-use token bound to the caller and the post opens it; the token is only
  // given for a post the caller may read (someone else's draft is a 404, in features/live).
  "GET /api/v1/live/post/websocket/connect": "public",
  [`POST ${V1}/live/post/websocket/auth`]: "self",

  "GET /api/webpage-preview": "self",
  // Payments: the webhooks are the providers' (signature-checked), the rest act on the caller's
  // own membership, money and history.
  "GET /api/v1/payment/config": "public",
  "POST /api/v1/payment/stripe/webhook": "public",
  "POST /api/v1/payment/paypal/webhook": "public",
  "POST /api/v1/tip/stripe": "self",
  [`POST ${V1}/payment/subscription/start`]: "self",
  [`POST ${V1}/payment/stripe/complete/subscription`]: "self",
  [`POST ${V1}/payment/paypal/complete/subscription`]: "self",
  [`DELETE ${V1}/payment/subscription/cancel`]: "self",
  [`POST ${V1}/service/order`]: "self",
  [`PATCH ${V1}/payment/stripe/onboarding-status`]: "self",
  [`GET ${V1}/payment/history/list`]: "self",
  // The wallet: every call acts on the caller's own custodial wallet, named by the token alone.
  "GET /api/v1/coin/market-chart": "public",
  [`GET ${V1}/payment/blockchain/wallet/list`]: "self",
  [`GET ${V1}/payment/blockchain/wallet/coin`]: "self",
  [`POST ${V1}/payment/blockchain/validate/to`]: "self",
  [`GET ${V1}/payment/blockchain/solana/estimate/send/coin/max`]: "self",
  [`POST ${V1}/payment/blockchain/solana/estimate/send/coin`]: "self",
  [`POST ${V1}/payment/blockchain/solana/confirm/send/coin`]: "self",
  [`GET ${V1}/payment/blockchain/bitcoin/estimate/send/coin/max`]: "self",
  [`GET ${V1}/auth/me`]: "self",
  [`PATCH ${V1}/auth/update/email`]: "self",
  [`PATCH ${V1}/auth/update/password`]: "self",
  [`DELETE ${V1}/auth/delete/account`]: "self",
  [`PATCH ${V1}/setting/boolean`]: "self",
  [`GET ${V1}/unread/data`]: "self",
  [`POST ${V1}/community`]: "self",
  [`GET ${V1}/community/list`]: "self",
  [`POST ${V1}/community/join`]: "self",
  [`DELETE ${V1}/community/leave`]: "self",
  [`POST ${V1}/micropost`]: "self",
  [`PATCH ${V1}/micropost/vote`]: "self",
  // Saving is the caller's own list; the post is only read.
  [`PATCH ${V1}/micropost/bookmark`]: "self",
  [`GET ${V1}/micropost/bookmark/list`]: "self",
  [`GET ${V1}/micropost/draft/list`]: "self",
  [`GET ${V1}/micropost/draft/list/total`]: "self",
  [`POST ${V1}/micropost/comment`]: "self",
  [`POST ${V1}/file/upload`]: "self",
  [`POST ${V1}/follow`]: "self",
  [`DELETE ${V1}/follow`]: "self",
  [`POST ${V1}/block`]: "self",
  [`DELETE ${V1}/block`]: "self",
  [`GET ${V1}/block/list`]: "self",
  [`GET ${V1}/referral/list`]: "self",
  [`GET ${V1}/suggestions`]: "self",
  [`GET ${V1}/getting-started`]: "self",
  [`PATCH ${V1}/profile`]: "self",
  [`PATCH ${V1}/setting/default-micropost-sort`]: "self",
  [`GET ${V1}/profile/job`]: "self",
  [`PATCH ${V1}/profile/job`]: "self",
  [`GET ${V1}/notification/list`]: "self",
  [`GET ${V1}/notification/preference`]: "self",
  [`PATCH ${V1}/notification/preference`]: "self",
  // Another person's endpoint is not theirs to remove: the delete matches the caller's rows only.
  [`POST ${V1}/push/subscription`]: "self",
  [`DELETE ${V1}/push/subscription`]: "self",
  [`GET ${V1}/filter/list`]: "self",
  [`POST ${V1}/filter`]: "self",
  [`DELETE ${V1}/filter`]: "self",
  [`POST ${V1}/export`]: "self",
  [`GET ${V1}/export`]: "self",
  // Another person's archive id answers 404 (features/data-export/data-export.test.ts).
  [`GET ${V1}/export/download`]: "self",
  [`POST ${V1}/report`]: "self",
  [`POST ${V1}/feedback`]: "self",
  [`POST ${V1}/chat/thread`]: "self",
  [`GET ${V1}/chat/thread/personal`]: "self",
  [`GET ${V1}/chat/thread/list`]: "self",
  [`GET ${V1}/chat/user/list`]: "self",
  [`GET ${V1}/chat/user/list/personal`]: "self",
  [`POST ${V1}/job`]: "self",
  [`GET ${V1}/job/list`]: "self",
  [`GET ${V1}/company/list`]: "self",
  [`GET ${V1}/resume`]: "self",
  [`DELETE ${V1}/resume`]: "self",
  [`GET ${V1}/service/list`]: "self",
  [`POST ${V1}/service`]: "self",

  [`PATCH ${V1}/micropost`]: {
    owned: (f) => ({
      path: `${V1}/micropost`,
      init: { method: "PATCH", body: form({ public_id: f.post, body: "<p>Mine now</p>" }) },
    }),
  },
  [`DELETE ${V1}/micropost`]: {
    owned: (f) => ({ path: `${V1}/micropost?public_id=${f.post}`, init: { method: "DELETE" } }),
  },
  [`GET ${V1}/micropost/draft`]: {
    owned: (f) => ({ path: `${V1}/micropost/draft?public_id=${f.draft}`, init: {} }),
  },
  [`PATCH ${V1}/micropost/draft`]: {
    owned: (f) => ({
      path: `${V1}/micropost/draft`,
      init: {
        method: "PATCH",
        body: form({ public_id: f.draft, title: "Taken", body: "", community_name: f.community }),
      },
    }),
  },
  [`PATCH ${V1}/micropost/draft/publish`]: {
    owned: (f) => ({
      path: `${V1}/micropost/draft/publish`,
      init: {
        method: "PATCH",
        body: form({ public_id: f.draft, title: "Taken", body: "<p>x</p>", community_name: f.community }),
      },
    }),
  },
  [`PATCH ${V1}/micropost/comment`]: {
    owned: (f) => ({
      path: `${V1}/micropost/comment`,
      init: { method: "PATCH", body: form({ public_id: f.comment, body: "Edited" }) },
    }),
  },
  [`DELETE ${V1}/micropost/comment`]: {
    owned: (f) => ({ path: `${V1}/micropost/comment?public_id=${f.comment}`, init: { method: "DELETE" } }),
  },
  [`PATCH ${V1}/notification/read`]: {
    owned: (f) => ({ path: `${V1}/notification/read?id=${f.notification}`, init: { method: "PATCH" } }),
  },
  [`GET ${V1}/chat/thread`]: {
    owned: (f) => ({ path: `${V1}/chat/thread?public_id=${f.thread}`, init: {} }),
  },
  [`DELETE ${V1}/chat/thread`]: {
    owned: (f) => ({ path: `${V1}/chat/thread?public_id=${f.thread}`, init: { method: "DELETE" } }),
  },
  [`GET ${V1}/chat/thread/user/list`]: {
    owned: (f) => ({ path: `${V1}/chat/thread/user/list?public_id=${f.thread}`, init: {} }),
  },
  [`GET ${V1}/chat/thread/message/list`]: {
    owned: (f) => ({ path: `${V1}/chat/thread/message/list?public_id=${f.thread}`, init: {} }),
  },
  [`POST ${V1}/chat/websocket/auth`]: {
    owned: (f) => ({ path: `${V1}/chat/websocket/auth?public_id=${f.thread}`, init: { method: "POST" } }),
  },
  [`POST ${V1}/chat/group`]: "self",
  [`PATCH ${V1}/chat/group`]: {
    owned: (f) => ({
      path: `${V1}/chat/group`,
      init: { method: "PATCH", body: form({ public_id: f.group, name: "Taken" }) },
    }),
  },
  [`GET ${V1}/chat/group/member/list`]: {
    owned: (f) => ({ path: `${V1}/chat/group/member/list?public_id=${f.group}`, init: {} }),
  },
  [`POST ${V1}/chat/group/member`]: {
    owned: (f) => ({
      path: `${V1}/chat/group/member`,
      init: { method: "POST", body: form({ public_id: f.group, username: f.owner.username }) },
    }),
  },
  [`PATCH ${V1}/chat/group/member`]: {
    owned: (f) => ({
      path: `${V1}/chat/group/member`,
      init: {
        method: "PATCH",
        body: form({ public_id: f.group, username: f.owner.username, role: "MEMBER" }),
      },
    }),
  },
  [`DELETE ${V1}/chat/group/member`]: {
    owned: (f) => ({
      path: `${V1}/chat/group/member?public_id=${f.group}&username=${f.owner.username}`,
      init: { method: "DELETE" },
    }),
  },
  [`DELETE ${V1}/chat/group/member/self`]: {
    owned: (f) => ({ path: `${V1}/chat/group/member/self?public_id=${f.group}`, init: { method: "DELETE" } }),
  },
  [`POST ${V1}/chat/image`]: {
    owned: (f) => ({
      path: `${V1}/chat/image`,
      init: { method: "POST", body: form({ public_id: f.thread, file: pngFile() }) },
    }),
  },
  [`DELETE ${V1}/job`]: {
    owned: (f) => ({
      path: `${V1}/job?username=${f.owner.username}&slug=${f.job}`,
      init: { method: "DELETE" },
    }),
  },
  [`PATCH ${V1}/service`]: {
    owned: (f) => ({
      path: `${V1}/service`,
      init: {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: f.owner.username,
          slug: f.service,
          title: "Taken over",
          is_active: false,
        }),
      },
    }),
  },
  [`GET ${V1}/allowance`]: "self",
  // Why the owner's post was removed: told to the owner only.
  [`GET ${V1}/moderation/post`]: {
    owned: (f) => ({ path: `${V1}/moderation/post?public_id=${f.removedPost}`, init: {} }),
  },
  // A decision staff made about the owner: only they may appeal it.
  [`POST ${V1}/appeal`]: {
    owned: (f) => ({
      path: `${V1}/appeal`,
      init: {
        method: "POST",
        body: form({
          moderation_id: String(f.moderation),
          text: "Someone else appealing a decision that was never about them at all.",
        }),
      },
    }),
  },
  [`PATCH ${V1}/community`]: {
    owned: (f) => ({
      path: `${V1}/community`,
      init: { method: "PATCH", body: form({ name: f.community, cover: pngFile() }) },
    }),
  },
  [`DELETE ${V1}/service`]: {
    owned: (f) => ({
      path: `${V1}/service?username=${f.owner.username}&slug=${f.service}`,
      init: { method: "DELETE" },
    }),
  },
};

const ops = await operations();
const key = (op: Operation) => `${op.method} ${op.path}`;
const ruleOf = (op: Operation): Rule | undefined =>
  op.path.startsWith("/api/admin/private/") ? "admin" : RULES[key(op)];

/** A plausible request for an operation: harmless parameters, an empty form body. */
function plainRequest(op: Operation): { path: string; init: RequestInit } {
  const path = op.path.replace(/\{[^}]+\}/g, "x");
  const body = op.method === "GET" ? undefined : form({ id: "1" });
  return { path, init: { method: op.method, body } };
}

async function ownedFixture(): Promise<Fixture> {
  const owner = await createUser({ serviceProvider: true });
  const friend = await createUser();
  const community = await newCommunity(owner);
  const post = (await newPost(owner, community)).public_id;
  const draft = (await newPost(owner, community, { title: "Half an idea", body: "", is_draft: "true" }))
    .public_id;
  const commented = await api(`${V1}/micropost/comment`, {
    method: "POST",
    headers: owner.auth,
    body: form({ parent_micropost_public_id: post, body: "My own comment" }),
  });
  expect(commented.status, await commented.clone().text()).toBe(201);
  const comment = (await json<{ public_id: string }>(commented)).public_id;
  const thread = await startThread(owner, friend);
  const made = await api(`${V1}/chat/group`, {
    method: "POST",
    headers: { ...owner.auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Owners", usernames: [friend.username, (await createUser()).username] }),
  });
  const group = (await json<{ public_id: string }>(made)).public_id;
  const posted = await api(`${V1}/job`, { method: "POST", headers: owner.auth, body: jobForm() });
  expect(posted.status, await posted.clone().text()).toBe(201);
  const job = (await json<{ slug: string }>(posted)).slug;
  const offered = await api(`${V1}/service`, {
    method: "POST",
    headers: owner.auth,
    body: form({
      title: "Logo design in three days",
      description: "A clean vector logo with two rounds of changes.",
      category: "DESIGN",
      price: "15000",
      delivery_days: "3",
      images: pngFile(),
    }),
  });
  expect(offered.status, await offered.clone().text()).toBe(201);
  const service = (await json<{ slug: string }>(offered)).slug;
  const note = await deps.db.orm
    .insert(notifications)
    .values({ userId: owner.id, kind: "FOLLOW", actorId: friend.id, text: "followed you" })
    .returning({ id: notifications.id })
    .get();
  const decided = await deps.db.orm
    .insert(moderations)
    .values({
      userId: owner.id,
      action: "SUSPEND_USER",
      targetType: "USER",
      targetId: owner.id,
      note: "Test",
    })
    .returning({ id: moderations.id })
    .get();
  const removedPost = (await newPost(owner, community, { title: "Taken down" })).public_id;
  const removedRow = await deps.db.orm
    .select({ id: microposts.id })
    .from(microposts)
    .where(eq(microposts.publicId, removedPost))
    .get();
  await deps.db.orm.insert(moderations).values({
    userId: owner.id,
    action: "REMOVE_CONTENT",
    targetType: "MICROPOST",
    targetId: removedRow!.id,
    note: "Test",
  });
  return {
    owner,
    community,
    post,
    removedPost,
    draft,
    comment,
    thread,
    group,
    job,
    service,
    notification: note.id,
    moderation: decided.id,
  };
}

describe("the authorization matrix", () => {
  let fixture: Fixture;
  let stranger: TestUser;
  beforeAll(async () => {
    fixture = await ownedFixture();
    stranger = await createUser({ serviceProvider: true });
  });

  it("classifies every operation of the OpenAPI document", () => {
    const unclassified = ops.filter((op) => !ruleOf(op)).map(key);
    expect(unclassified, "add these operations to RULES in worker/test/authorization.test.ts").toEqual([]);
    const stale = Object.keys(RULES).filter((k) => !ops.some((op) => key(op) === k));
    expect(stale, "these RULES name operations that no longer exist").toEqual([]);
  });

  const privateOps = ops.filter((op) => ruleOf(op) !== "public");
  it.each(privateOps.map((op) => [key(op), op] as const))("a visitor is refused: %s", async (_name, op) => {
    const { path, init } = plainRequest(op);
    const before = await databaseFingerprint();
    const res = await api(path, init);
    expect(res.status, await res.text()).toBe(401);
    expect(await databaseFingerprint()).toBe(before);
  });

  const adminOps = ops.filter((op) => ruleOf(op) === "admin");
  it.each(adminOps.map((op) => [key(op), op] as const))("a user token is refused: %s", async (_name, op) => {
    const { path, init } = plainRequest(op);
    const before = await databaseFingerprint();
    const res = await api(path, { ...init, headers: stranger.auth });
    expect([401, 403], await res.text()).toContain(res.status);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("an admin token is not a user token", async () => {
    const admin = await createAdmin();
    const res = await api(`${V1}/auth/me`, { headers: admin.auth });
    expect(res.status).toBe(401);
  });

  const ownedOps = ops.filter((op) => typeof ruleOf(op) === "object");
  it.each(ownedOps.map((op) => [key(op), op] as const))(
    "another person is refused: %s",
    async (_name, op) => {
      const rule = ruleOf(op) as Extract<Rule, { owned: unknown }>;
      const { path, init } = rule.owned(fixture);
      const before = await databaseFingerprint();
      const res = await api(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), ...stranger.auth },
      });
      expect([403, 404], `${res.status} ${await res.text()}`).toContain(res.status);
      expect(await databaseFingerprint()).toBe(before);
      // The owner's own request is accepted, so the refusal was about who asked, not what was sent.
      if (op.method === "GET") {
        const own = await api(path, {
          ...init,
          headers: { ...(init.headers as Record<string, string>), ...fixture.owner.auth },
        });
        expect(own.status, await own.text()).toBe(200);
      }
    },
  );
});
