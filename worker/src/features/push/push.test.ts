import { createMessageBatch, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NotificationPreferenceList, PushPayload } from "#shared/schemas/push.ts";
import { createDeps } from "#worker/deps.ts";
import { handleQueue, type JobMessage } from "#worker/queue.ts";
import { api, deps, detail, env, json, jsonBody } from "#worker-test/api.ts";
import { openSocket, startThread } from "#worker-test/chat.ts";
import { openLive } from "#worker-test/live.ts";
import { createAdmin, createUser, type TestUser } from "#worker-test/people.ts";
import type { Inbox } from "../live/inbox";
import { notify } from "../notifications/service";
import { scheduleDigest } from "./digest";
import { publicKey, subscribe } from "./service";

// A push service is played here: outbound fetches to the subscription's endpoint are caught, their
// aes128gcm body decrypted with the browser's private key (RFC 8291, written out below with Web
// Crypto) and their VAPID token verified against the published key (RFC 8292).

const SUBSCRIPTION = "/api/v1/private/user/push/subscription";
const PREFERENCE = "/api/v1/private/user/notification/preference";

const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
async function browserKeys() {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { pair, publicRaw, auth, keys: { p256dh: b64url(publicRaw), auth: b64url(auth) } };
}
type Browser = Awaited<ReturnType<typeof browserKeys>>;

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const utf8 = (s: string) => new TextEncoder().encode(s);

/** RFC 8291 §3.4 and RFC 8188: the browser's decryption of an aes128gcm push message. */
async function decrypt(browser: Browser, body: Uint8Array): Promise<PushPayload> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverKey = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverPublic = await crypto.subtle.importKey(
    "raw",
    serverKey,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  // Web Crypto's name for the peer's key is `public` (workerd's types spell it `$public`).
  const peer = { name: "ECDH", public: serverPublic };
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits(peer, browser.pair.privateKey, 256));
  const ikm = await hkdf(
    browser.auth,
    ecdh,
    concat(utf8("WebPush: info\0"), browser.publicRaw, serverKey),
    32,
  );
  const cek = await hkdf(salt, ikm, utf8("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, utf8("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end)));
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; the signature checked with the published key. */
async function verifyVapid(authorization: string, publishedKey: string) {
  const found = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(found).not.toBeNull();
  const [, jwt, k] = found!;
  expect(k).toBe(publishedKey);
  const [header, claims, signature] = jwt!.split(".") as [string, string, string];
  const key = await crypto.subtle.importKey(
    "raw",
    fromB64url(publishedKey),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    fromB64url(signature),
    utf8(`${header}.${claims}`),
  );
  expect(valid).toBe(true);
  return JSON.parse(new TextDecoder().decode(fromB64url(claims))) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

interface Caught {
  url: string;
  headers: Headers;
  body: Uint8Array;
  at: number;
}

/** Plays the push service for endpoints under `origin`: records each push and answers `status`. */
function playPushService(origin: string, status: () => number = () => 201) {
  const caught: Caught[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(origin)) return real(input, init);
    caught.push({
      url: request.url,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
      at: Date.now(),
    });
    return new Response(null, { status: status() });
  });
  return caught;
}

async function waitFor<T>(check: () => T | undefined, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const hit = check();
    if (hit !== undefined) return hit;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("timed out waiting");
}

let endpointSeq = 0;
async function subscribed(user: TestUser, origin = "https://fcm.googleapis.com") {
  const browser = await browserKeys();
  endpointSeq += 1;
  const endpoint = `${origin}/fcm/send/device-${user.id}-${endpointSeq}`;
  const res = await api(SUBSCRIPTION, {
    method: "POST",
    ...jsonBody({ endpoint, keys: browser.keys }, user.auth),
  });
  expect(res.status).toBe(201);
  return { browser, endpoint };
}

const subscriptionCount = async (userId: number) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?1")
    .bind(userId)
    .first<{ n: number }>())!.n;

async function publishedKey() {
  const res = await api("/api/v1/push/public-key");
  expect(res.status).toBe(200);
  return (await json<{ public_key: string }>(res)).public_key;
}

afterEach(() => vi.restoreAllMocks());

describe("push subscriptions", () => {
  it("publishes a 65-byte P-256 key and keeps a push service's subscription", async () => {
    const key = await publishedKey();
    expect(fromB64url(key)).toHaveLength(65);
    expect(fromB64url(key)[0]).toBe(4);
    const me = await createUser();
    await subscribed(me);
    expect(await subscriptionCount(me.id)).toBe(1);
    const gone = await api(SUBSCRIPTION, {
      method: "DELETE",
      ...jsonBody(
        { endpoint: `https://fcm.googleapis.com/fcm/send/device-${me.id}-${endpointSeq}` },
        me.auth,
      ),
    });
    expect(gone.status).toBe(204);
    expect(await subscriptionCount(me.id)).toBe(0);
  });

  it("refuses a metadata address, an intranet host and a lookalike with 422", async () => {
    const me = await createUser();
    const { keys } = await browserKeys();
    for (const endpoint of [
      "http://169.254.169.254/latest/meta-data/",
      "https://169.254.169.254/push",
      "https://intranet.corp/push",
      "https://fcm.googleapis.com.evil.example/fcm/send/x",
      "http://fcm.googleapis.com/fcm/send/x",
    ]) {
      const res = await api(SUBSCRIPTION, { method: "POST", ...jsonBody({ endpoint, keys }, me.auth) });
      expect(res.status, endpoint).toBe(422);
      expect(await detail(res)).toContain("push service");
    }
    const bad = await api(SUBSCRIPTION, {
      method: "POST",
      ...jsonBody(
        { endpoint: "https://fcm.googleapis.com/fcm/send/x", keys: { p256dh: "x", auth: "y" } },
        me.auth,
      ),
    });
    expect(bad.status).toBe(422);
    expect(await subscriptionCount(me.id)).toBe(0);
  });
});

describe("pushes to people who are away", () => {
  it("sends an encrypted, VAPID-signed push from the queue when no tab is open", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const [me, fan] = [await createUser(), await createUser({ profileName: "Fan Person" })];
    const { browser, endpoint } = await subscribed(me);
    const started = Date.now();
    await notify(deps, {
      userId: me.id,
      kind: "MENTION",
      actorId: fan.id,
      link: "/c/x/p/abc",
      text: "hello @you",
    });
    const push = await waitFor(() => caught.find((c) => c.url === endpoint));
    console.info(`push delay: event to push service ${push.at - started} ms`);
    expect(push.headers.get("content-encoding")).toBe("aes128gcm");
    expect(Number(push.headers.get("ttl"))).toBeGreaterThan(0);
    const payload = await decrypt(browser, push.body);
    expect(payload).toEqual({
      title: "Fan Person mentioned you",
      body: "hello @you",
      url: "/c/x/p/abc",
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    const claims = await verifyVapid(push.headers.get("authorization")!, await publishedKey());
    expect(claims.aud).toBe("https://fcm.googleapis.com");
    expect(claims.sub).toMatch(/^mailto:/);
  });

  it("pushes a chat message with high urgency, one notification per thread", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const [me, friend] = [await createUser(), await createUser({ profileName: "Chatty Friend" })];
    const { browser, endpoint } = await subscribed(me);
    const thread = await startThread(friend, me);
    const socket = await openSocket(friend, thread);
    socket.send({ message_type: "TEXT", text: "Lunch at noon?" });
    await socket.next("TEXT");
    const push = await waitFor(() => caught.find((c) => c.url === endpoint));
    socket.close();
    expect(push.headers.get("urgency")).toBe("high");
    expect(await decrypt(browser, push.body)).toEqual({
      title: "Chatty Friend",
      body: "Lunch at noon?",
      url: `/chat/thread/${thread}`,
      tag: `chat-${thread}`,
    });
  });

  it("accepts a loopback push service in development, so tests and journeys can play one", async () => {
    const me = await createUser();
    const { keys } = await browserKeys();
    const res = await api(SUBSCRIPTION, {
      method: "POST",
      ...jsonBody({ endpoint: "http://127.0.0.1:9/push/device", keys }, me.auth),
    });
    expect(res.status).toBe(201);
  });

  it("queues no away job when nothing could reach the person, and pushes once they subscribe", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const [me, fan, friend] = [
      await createUser(),
      await createUser(),
      await createUser({ profileName: "Pal" }),
    ];
    // The jobs my inbox queues are counted on their way to the queue.
    const away: JobMessage[] = [];
    await runInDurableObject(env.INBOX.get(env.INBOX.idFromName(`user:${me.id}`)), (inbox: Inbox) => {
      const queue = env.JOBS;
      const counted = {
        send: (body: JobMessage, options?: QueueSendOptions) => {
          if (body.kind === "away") away.push(body);
          return queue.send(body, options);
        },
      };
      Object.assign(inbox, { env: { ...env, JOBS: counted } });
    });
    const follow = (who: TestUser) =>
      api(`/api/v1/private/user/follow?username=${me.username}`, { method: "POST", headers: who.auth });
    // No subscription, and a kind the e-mail does not carry: the notice is kept, no job queued.
    // (The follow's answer comes once my inbox has kept the notice: a job would be queued by then.)
    expect((await follow(fan)).status).toBe(200);
    const list = await api("/api/v1/private/user/notification/list?limit=5", { headers: me.auth });
    expect((await json<{ list: Array<{ kind: string }> }>(list)).list.map((n) => n.kind)).toEqual([
      "FOLLOWER",
    ]);
    expect(away).toHaveLength(0);
    const { browser, endpoint } = await subscribed(me);
    expect((await follow(friend)).status).toBe(200);
    const push = await waitFor(() => caught.find((c) => c.url === endpoint));
    expect(away).toHaveLength(1);
    expect((await decrypt(browser, push.body)).title).toBe("Pal followed you");
  });

  it("sends nothing while a tab is open: the tab gets the live frame instead", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const [me, fan] = [await createUser(), await createUser()];
    const { endpoint } = await subscribed(me);
    const tab = await openLive(me);
    await notify(deps, { userId: me.id, kind: "FOLLOWER", actorId: fan.id, link: "/user/x", text: null });
    await tab.next("NOTIFICATION");
    // Longer than a push takes to go out when no tab is open (the test above).
    await new Promise((r) => setTimeout(r, 2_500));
    expect(caught.filter((c) => c.url === endpoint)).toHaveLength(0);
    tab.close();
  });

  it("forgets a subscription the push service says is gone (410)", async () => {
    const caught = playPushService("https://updates.push.services.mozilla.com", () => 410);
    const [me, fan] = [await createUser(), await createUser()];
    await subscribed(me, "https://updates.push.services.mozilla.com");
    expect(await subscriptionCount(me.id)).toBe(1);
    await notify(deps, { userId: me.id, kind: "FOLLOWER", actorId: fan.id, link: "/user/x", text: null });
    await waitFor(() => caught[0]);
    expect(await waitForCount(me.id, 0)).toBe(0);
  });

  it("sends no push for a kind the person turned push off for", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const [me, fan] = [await createUser(), await createUser()];
    const { endpoint } = await subscribed(me);
    const off = await api(PREFERENCE, {
      method: "PATCH",
      ...jsonBody({ kind: "FOLLOWER", push: false }, me.auth),
    });
    expect(off.status).toBe(200);
    await notify(deps, { userId: me.id, kind: "FOLLOWER", actorId: fan.id, link: "/user/x", text: null });
    await notify(deps, { userId: me.id, kind: "MENTION", actorId: fan.id, link: "/p", text: "hi" });
    const push = await waitFor(() => caught.find((c) => c.url === endpoint));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(caught.filter((c) => c.url === endpoint)).toEqual([push]);
  });
});

async function waitForCount(userId: number, n: number): Promise<number> {
  const deadline = Date.now() + 5_000;
  let count = await subscriptionCount(userId);
  while (count !== n && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    count = await subscriptionCount(userId);
  }
  return count;
}

describe("notification preferences", () => {
  it("lists every kind with chat messages, and changes one", async () => {
    const me = await createUser();
    const listed = await json<NotificationPreferenceList>(await api(PREFERENCE, { headers: me.auth }));
    expect(listed.push_configured).toBe(true);
    expect(listed.list.find((p) => p.kind === "CHAT_MESSAGE")).toEqual({
      kind: "CHAT_MESSAGE",
      push: true,
      email: true,
    });
    expect(listed.list.find((p) => p.kind === "UPVOTE")).toEqual({
      kind: "UPVOTE",
      push: true,
      email: false,
    });
    const res = await api(PREFERENCE, {
      method: "PATCH",
      ...jsonBody({ kind: "MENTION", email: false }, me.auth),
    });
    expect(await json(res)).toEqual({ kind: "MENTION", push: true, email: false });
    const refused = await api(PREFERENCE, {
      method: "PATCH",
      ...jsonBody({ kind: "UPVOTE", email: true }, me.auth),
    });
    expect(refused.status).toBe(422);
    const nothing = await api(PREFERENCE, { method: "PATCH", ...jsonBody({ kind: "MENTION" }, me.auth) });
    expect(nothing.status).toBe(422);
  });
});

interface OutboxItem {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}
const outboxOf = async (email: string) =>
  (await json<{ list: OutboxItem[] }>(await api(`/api/dev/outbox?to=${encodeURIComponent(email)}`))).list;

/** Runs the digest check now, as the queue would after the delay. */
async function runDigest(userId: number) {
  const batch = createMessageBatch<JobMessage>("agora-jobs", [
    {
      id: `digest-${userId}-${Math.random()}`,
      timestamp: new Date(),
      attempts: 1,
      body: { kind: "notify-digest", userId },
    },
  ]);
  await handleQueue(batch, deps);
}

/** A mention written `ago` ms in the past, unread. */
async function pastMention(userId: number, actorId: number, ago: number, text = "look at this") {
  await env.DB.prepare(
    "INSERT INTO notifications (user_id, kind, actor_id, link, text, is_read, created_at) VALUES (?1, 'MENTION', ?2, '/c/x/p/1', ?3, 0, ?4)",
  )
    .bind(userId, actorId, text, Date.now() - ago)
    .run();
}

describe("the e-mail of what was missed", () => {
  it("sends a missed mention with one-click unsubscribe that works without signing in", async () => {
    const email = `digest-${Date.now()}@example.com`;
    const [me, fan] = [await createUser({ email }), await createUser({ username: `fan${Date.now() % 1e6}` })];
    await pastMention(me.id, fan.id, 60_000, "are you coming?");
    await scheduleDigest(deps, me.id);
    await runDigest(me.id);
    const [mail] = await outboxOf(email);
    expect(mail?.subject).toBe("You missed 1 thing on Agora");
    expect(mail?.text).toContain("mentioned you: are you coming?");
    expect(mail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(.+)>$/.exec(mail?.headers["List-Unsubscribe"] ?? "")?.[1];
    expect(link).toMatch(/\/api\/v1\/notification\/unsubscribe\?token=/);
    // The mail client's one-click POST: no token of a session, only the link's.
    const url = new URL(link!);
    const res = await api(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const listed = await json<NotificationPreferenceList>(await api(PREFERENCE, { headers: me.auth }));
    expect(listed.list.find((p) => p.kind === "MENTION")?.email).toBe(false);
    // Another mention, after the hour: no e-mail, since mentions' e-mail is off now.
    await env.DB.prepare("UPDATE notification_digests SET last_sent_at = 0 WHERE user_id = ?1")
      .bind(me.id)
      .run();
    await pastMention(me.id, fan.id, 30_000, "second time");
    await runDigest(me.id);
    expect(await outboxOf(email)).toHaveLength(1);
    const forged = await api("/api/v1/notification/unsubscribe?token=forged.token.here", { method: "POST" });
    expect(forged.status).toBe(422);
  });

  it("gathers 50 events into one e-mail, and waits out the hour before another", async () => {
    const email = `burst-${Date.now()}@example.com`;
    const [me, fan] = [await createUser({ email }), await createUser()];
    for (let i = 0; i < 50; i += 1) await pastMention(me.id, fan.id, 120_000 - i * 100, `mention ${i}`);
    for (let i = 0; i < 50; i += 1) await scheduleDigest(deps, me.id);
    await runDigest(me.id);
    await runDigest(me.id);
    const mails = await outboxOf(email);
    console.info(`digest: 50 events produced ${mails.length} e-mail(s)`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("You missed 50 things on Agora");
    // One more within the hour waits: nothing is sent now.
    await pastMention(me.id, fan.id, 20_000, "late one");
    await runDigest(me.id);
    expect(await outboxOf(email)).toHaveLength(1);
    const due = await env.DB.prepare(
      "SELECT due_at, last_sent_at FROM notification_digests WHERE user_id = ?1",
    )
      .bind(me.id)
      .first<{ due_at: number; last_sent_at: number }>();
    expect(due!.due_at).toBe(due!.last_sent_at + 60 * 60 * 1000);
  });
});

describe("what reaches a person away, in their language and the staff's template", () => {
  const TEMPLATE = "/api/admin/private/email/template";

  it("writes the e-mail from the template staff edit, and keeps it from being sent or deleted", async () => {
    const admin = await createAdmin();
    const id = (await env.DB.prepare("SELECT id FROM email_templates WHERE purpose = 'AWAY_DIGEST'").first<{
      id: number;
    }>())!.id;
    const mjml = `<mjml><mj-body><mj-section><mj-column>
      <mj-text>Hello from the staff. {{heading}}</mj-text><mj-text>{{items}}</mj-text>
      <mj-text>{{settings_link}} | {{unsubscribe_link}}</mj-text></mj-column></mj-section></mj-body></mjml>`;
    const saved = await api(TEMPLATE, {
      method: "PATCH",
      ...jsonBody({ id, subject: "Agora: {{summary}}", mjml_text: mjml }, admin.auth),
    });
    expect(saved.status).toBe(200);
    expect((await json<{ purpose: string | null }>(saved)).purpose).toBe("AWAY_DIGEST");
    const sent = await api(`${TEMPLATE}/send`, { method: "POST", ...jsonBody({ id }, admin.auth) });
    expect(sent.status).toBe(409);
    expect(await detail(sent)).toContain("cannot be sent as a newsletter");
    const deleted = await api(TEMPLATE, { method: "DELETE", ...jsonBody({ id }, admin.auth) });
    expect(deleted.status).toBe(409);

    const email = `template-${Date.now()}@example.com`;
    const [me, fan] = [await createUser({ email }), await createUser()];
    await pastMention(me.id, fan.id, 60_000, "<b>bold</b> words");
    await scheduleDigest(deps, me.id);
    await runDigest(me.id);
    const [mail] = await outboxOf(email);
    expect(mail?.subject).toBe("Agora: You missed 1 thing on Agora");
    expect(mail?.html).toContain("Hello from the staff. While you were away on Agora");
    // What people wrote is text in the staff's layout, never markup.
    expect(mail?.html).toContain("&#60;b&#62;bold&#60;/b&#62; words");
    expect(mail?.html).not.toContain("<b>bold</b>");
    expect(mail?.html).toContain("Stop these e-mails</a>");
    expect(mail?.html).not.toContain("{{");
  });

  it("queues no check for an account deleted since the events, and does not fail the job", async () => {
    const gone = await createUser();
    await env.DB.prepare("DELETE FROM users WHERE id = ?1").bind(gone.id).run();
    await expect(scheduleDigest(deps, gone.id)).resolves.toBeUndefined();
    const row = await env.DB.prepare("SELECT 1 FROM notification_digests WHERE user_id = ?1")
      .bind(gone.id)
      .first();
    expect(row).toBeNull();
  });

  it("writes pushes and the e-mail in the language chosen, Spanish from the browser at sign-up", async () => {
    const caught = playPushService("https://fcm.googleapis.com");
    const stamp = Date.now() % 1e8;
    const email = `es${stamp}@example.com`;
    const res = await api("/api/v1/user/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "es-AR,es;q=0.9,en;q=0.5" },
      body: JSON.stringify({ username: `es${stamp}`, email, password: "a long enough password 1" }),
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT language FROM users WHERE username = ?1")
      .bind(`es${stamp}`)
      .first<{ language: string }>();
    expect(row?.language).toBe("es");

    const [me, fan] = [
      await createUser({ email: `pt${stamp}@example.com` }),
      await createUser({ profileName: "Fã" }),
    ];
    const chosen = await api("/api/v1/private/user/notification/language", {
      method: "PUT",
      ...jsonBody({ language: "pt" }, me.auth),
    });
    expect(chosen.status).toBe(200);
    const bad = await api("/api/v1/private/user/notification/language", {
      method: "PUT",
      ...jsonBody({ language: "fr" }, me.auth),
    });
    expect(bad.status).toBe(422);
    expect(
      (await json<NotificationPreferenceList>(await api(PREFERENCE, { headers: me.auth }))).language,
    ).toBe("pt");

    const { browser, endpoint } = await subscribed(me);
    await notify(deps, { userId: me.id, kind: "MENTION", actorId: fan.id, link: "/c/x/p/abc", text: "olá" });
    const push = await waitFor(() => caught.find((c) => c.url === endpoint));
    expect((await decrypt(browser, push.body)).title).toBe("Fã mencionou você");

    await pastMention(me.id, fan.id, 60_000, "de novo");
    await runDigest(me.id);
    const mails = await outboxOf(`pt${stamp}@example.com`);
    expect(mails.at(-1)?.subject).toContain("Você perdeu");
    expect(mails.at(-1)?.text).toContain("mencionou você: de novo");
  });
});

describe("production without VAPID keys", () => {
  it("says push is not configured (503), and refuses the development pair", async () => {
    const production = createDeps({ ...env, ENVIRONMENT: "production" });
    await expect(
      subscribe(production, 1, {
        endpoint: "https://fcm.googleapis.com/x",
        keys: { p256dh: "a", auth: "b" },
      }),
    ).rejects.toMatchObject({
      status: 503,
      detail: "Push is not configured",
    });
    expect(() => publicKey(createDeps({ ...env, VAPID_PUBLIC_KEY: "" }))).toThrow("Push is not configured");
  });
});
