import { createMessageBatch } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { DataExport } from "#shared/schemas/data-export.ts";
import { handleQueue, type JobMessage } from "#worker/queue.ts";
import { api, deps, detail, env, json } from "#worker-test/api.ts";
import { openSocket, startThread } from "#worker-test/chat.ts";
import { createAdmin, createUser, outbox, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost, PNG_BYTES, pngFile, removeByStaff } from "#worker-test/posts.ts";
import { block, insertComment } from "#worker-test/rows.ts";
import { unzip } from "./zip";

const EXPORT = "/api/v1/private/user/export";

const ask = (user: TestUser) => api(EXPORT, { method: "POST", headers: user.auth });
const status = async (user: TestUser) => json<DataExport | null>(await api(EXPORT, { headers: user.auth }));

/** Runs the queue consumer on the archive's message, as the queue would deliver it. */
async function runQueue(exportId: number) {
  const batch = createMessageBatch<JobMessage>("agora-jobs", [
    { id: `export-${exportId}`, timestamp: new Date(), attempts: 1, body: { kind: "data-export", exportId } },
  ]);
  await handleQueue(batch, deps);
}

async function download(user: TestUser, link: string) {
  return api(link, { headers: user.auth });
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const jsonOf = (files: Map<string, Uint8Array>, name: string) => JSON.parse(text(files.get(name)));

describe("data export", () => {
  it("builds a zip of everything the person has, and nothing secret, through the queue", async () => {
    const me = await createUser({ profileName: "Export Me", jobTitle: "Baker" });
    const friend = await createUser();
    const pest = await createUser();
    const community = await newCommunity(me);
    const post = await newPost(me, community, { title: "My holiday", post_type: "MEDIA", file: pngFile() });
    await newPost(friend, community, { title: "Friend's post" });
    const postId = (await env.DB.prepare("SELECT id FROM microposts WHERE public_id = ?1")
      .bind(post.public_id)
      .first<{ id: number }>())!.id;
    await insertComment(me.id, postId, "<p>First comment</p>");
    await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: friend.auth,
    });
    await env.DB.prepare(
      "INSERT INTO microposts (public_id, owner_id, community_id, title, body, slug, is_draft, created_at, updated_at) SELECT 'draftx1', ?1, id, 'Half written', '<p>draft</p>', 'half', 1, 1, 1 FROM communities WHERE name = ?2",
    )
      .bind(me.id, community)
      .run();
    await env.DB.prepare("INSERT INTO micropost_votes (micropost_id, user_id, created_at) VALUES (?1, ?2, 5)")
      .bind(postId, me.id)
      .run();
    await env.DB.prepare(
      "INSERT INTO follows (follower_id, followee_id, created_at) VALUES (?1, ?2, 5), (?2, ?1, 6)",
    )
      .bind(me.id, friend.id)
      .run();
    await block(me, pest);
    await env.DB.prepare(
      "INSERT INTO payments (public_id, payment_method, payment_type, status, amount, currency, payer_id, provider_ref, created_at, updated_at) VALUES ('pay1', 'STRIPE', 'SERVICE', 'COMPLETED', 1250, 'USD', ?1, 'pi_secret_ref', 1, 1)",
    )
      .bind(me.id)
      .run();
    await api("/api/v1/private/user/filter", {
      method: "POST",
      headers: { ...me.auth, "content-type": "application/json" },
      body: JSON.stringify({ phrase: "spoilers", contexts: ["FEED"] }),
    });
    const thread = await startThread(friend, me);
    const socket = await openSocket(friend, thread);
    socket.send({ message_type: "TEXT", text: "See you at noon" });
    await socket.next("TEXT");
    socket.close();

    expect(await status(me)).toBeNull();
    const asked = await ask(me);
    expect(asked.status).toBe(202);
    const { id } = await json<{ id: number }>(asked);
    expect(await status(me)).toMatchObject({ id, status: "PENDING", link: null });
    // A second one while it is being made: refused, nothing new.
    const again = await ask(me);
    expect(again.status).toBe(409);
    expect(await detail(again)).toMatch(/still being prepared/);

    await runQueue(id);
    const ready = await status(me);
    expect(ready).toMatchObject({ id, status: "READY" });
    expect(ready!.link).toBeTruthy();
    const days = (Date.parse(ready!.expires_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const res = await download(me, ready!.link!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzip(new Uint8Array(await res.arrayBuffer()));
    for (const name of [
      "profile.json",
      "settings.json",
      "posts.json",
      "comments.json",
      "drafts.json",
      "votes.json",
      "following.json",
      "followers.json",
      "blocks.json",
      "communities.json",
      "chat-messages.json",
      "notifications.json",
      "jobs.json",
      "services.json",
      "payments.json",
      "muted-words.json",
    ])
      expect(files.has(name), name).toBe(true);

    expect(jsonOf(files, "profile.json")).toMatchObject({
      username: me.username,
      profile_name: "Export Me",
      job_title: "Baker",
    });
    expect(jsonOf(files, "settings.json")).toMatchObject({ newsletter: 1, allow_new_chat: 1 });
    expect(jsonOf(files, "posts.json").map((p: { title: string }) => p.title)).toEqual(["My holiday"]);
    expect(jsonOf(files, "drafts.json").map((p: { title: string }) => p.title)).toEqual(["Half written"]);
    expect(jsonOf(files, "comments.json").map((c: { body: string }) => c.body)).toEqual([
      "<p>First comment</p>",
    ]);
    expect(jsonOf(files, "votes.json").map((v: { post_public_id: string }) => v.post_public_id)).toEqual([
      post.public_id,
    ]);
    expect(jsonOf(files, "following.json").map((f: { username: string }) => f.username)).toEqual([
      friend.username,
    ]);
    expect(jsonOf(files, "followers.json").map((f: { username: string }) => f.username)).toEqual([
      friend.username,
    ]);
    expect(jsonOf(files, "blocks.json").map((b: { username: string }) => b.username)).toEqual([
      pest.username,
    ]);
    expect(jsonOf(files, "communities.json")).toMatchObject([{ name: community, role: "OWNER" }]);
    expect(jsonOf(files, "payments.json")).toMatchObject([
      { public_id: "pay1", amount: 1250, direction: "PAID" },
    ]);
    expect(jsonOf(files, "muted-words.json")).toMatchObject([{ phrase: "spoilers" }]);
    expect(jsonOf(files, "notifications.json").map((n: { kind: string }) => n.kind)).toContain("UPVOTE");
    expect(jsonOf(files, "chat-messages.json")).toMatchObject([
      { thread, messages: [{ sender: friend.username, text: "See you at noon" }] },
    ]);
    // The person's media, byte for byte.
    const media = [...files.keys()].filter((name) => name.startsWith("media/"));
    expect(media).toHaveLength(1);
    expect([...files.get(media[0]!)!]).toEqual([...PNG_BYTES]);

    // No secret anywhere in the archive.
    const user = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?1")
      .bind(me.id)
      .first<{ password_hash: string }>();
    const all = [...files.entries()]
      .filter(([n]) => n.endsWith(".json"))
      .map(([, b]) => text(b))
      .join("\n");
    expect(all).not.toContain(user!.password_hash);
    expect(all).not.toContain("pi_secret_ref");
    expect(all).not.toContain(me.token);
    expect(all).not.toMatch(/password|token_version|google_sub|secret_key/i);

    // Told twice: a notification and an e-mail.
    const notes = await json<{ list: Array<{ kind: string; link: string }> }>(
      await api("/api/v1/private/user/notification/list", { headers: me.auth }),
    );
    expect(notes.list[0]).toMatchObject({ kind: "EXPORT_READY", link: "/settings/account" });
    const mail = await outbox(`${me.username}@example.com`);
    expect(mail.filter((m) => m.subject === "Your Agora data archive is ready")).toHaveLength(1);

    // The notice is kept by the person's inbox, not in D1 (docs/decisions/231).
    const inD1 = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ?1")
      .bind(me.id)
      .first<{ n: number }>();
    expect(inD1?.n).toBe(0);

    // The queue delivering the message again changes nothing and tells nobody twice.
    await runQueue(id);
    expect(
      (await outbox(`${me.username}@example.com`)).filter((m) => m.subject.includes("archive")),
    ).toHaveLength(1);
    const kept = await json<{ list: Array<{ kind: string }> }>(
      await api("/api/v1/private/user/notification/list", { headers: me.auth }),
    );
    expect(kept.list.filter((n) => n.kind === "EXPORT_READY")).toHaveLength(1);
  });

  it("gives the link to its owner only, for seven days, and one archive a day", async () => {
    const me = await createUser();
    const other = await createUser();
    const { id } = await json<{ id: number }>(await ask(me));
    await runQueue(id);
    const { link } = (await status(me))!;
    expect((await download(other, link!)).status).toBe(404);
    expect((await api(link!)).status).toBe(401);
    expect((await download(me, link!)).status).toBe(200);

    // Within 24 hours of the last: refused with when to come back.
    const soon = await ask(me);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(86_000);
    expect(await detail(soon)).toMatch(/one data archive a day/);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM data_exports WHERE user_id = ?1")
        .bind(me.id)
        .first<{ n: number }>())!.n,
    ).toBe(1);

    // Seven days on: the link is gone and the file refused.
    await env.DB.prepare("UPDATE data_exports SET expires_at = ?1, created_at = ?2 WHERE id = ?3")
      .bind(Date.now() - 1, Date.now() - 8 * 86_400_000, id)
      .run();
    expect((await status(me))!.link).toBeNull();
    expect((await download(me, link!)).status).toBe(410);
    // A day later a new one may be asked for.
    expect((await ask(me)).status).toBe(202);
  });

  it("keeps a removed post in its author's archive and out of everyone else's", async () => {
    const author = await createUser();
    const reader = await createUser();
    const community = await newCommunity(author);
    const post = await newPost(author, community, { title: "Gooseberry fool", body: "<p>Whipped cream</p>" });
    const said = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      headers: { ...reader.auth, "content-type": "application/json" },
      body: JSON.stringify({
        parent_micropost_public_id: post.public_id,
        body: `Lovely @${author.username}`,
      }),
    });
    expect(said.status).toBe(201);
    await api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
      method: "PATCH",
      headers: reader.auth,
    });
    // Someone names the reader in a comment on the post: a notification that leads to it.
    await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      headers: { ...author.auth, "content-type": "application/json" },
      body: JSON.stringify({
        parent_micropost_public_id: post.public_id,
        body: `Thanks @${reader.username}`,
      }),
    });
    await removeByStaff(await createAdmin(), post, author, await createUser());

    const archive = async (who: TestUser) => {
      const { id } = await json<{ id: number }>(await ask(who));
      await runQueue(id);
      const res = await download(who, (await status(who))!.link!);
      const files = unzip(new Uint8Array(await res.arrayBuffer()));
      return [...files.entries()]
        .filter(([n]) => n.endsWith(".json"))
        .map(([, b]) => text(b))
        .join("\n");
    };
    const theirs = await archive(reader);
    expect(theirs).toContain("Lovely");
    for (const trace of [post.public_id, "Gooseberry", "Whipped"]) expect(theirs).not.toContain(trace);
    const own = await archive(author);
    for (const trace of [post.public_id, "Gooseberry", "Whipped"]) expect(own).toContain(trace);
  });
});
