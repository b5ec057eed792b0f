import { describe, expect, it } from "vitest";
import type { Community, JoinResult, Member } from "#shared/schemas/communities.ts";
import type { CursorPage } from "#shared/schemas/posts.ts";
import { api, env, form, json, reads } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { bigPng, newCommunity, PNG_BYTES, pngFile, uniqueName } from "#worker-test/posts.ts";
import { insertPosts } from "#worker-test/rows.ts";

const create = (auth: Record<string, string>, fields: Record<string, string | Blob>) =>
  api("/api/v1/private/user/community", { method: "POST", headers: auth, body: form(fields) });
const getCommunity = async (name: string, auth: Record<string, string> = {}) =>
  json<Community>(await api(`/api/v1/community?name=${name}`, { headers: auth }));

describe("creating a community", () => {
  it("answers 201 with the name; the creator is its owner and only member", async () => {
    const owner = await createUser();
    const name = uniqueName("Photo");
    const res = await create(owner.auth, {
      name,
      display_name: "Photo Club",
      description: "Shots and gear",
      image: pngFile(),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ name });

    const community = await getCommunity(name, owner.auth);
    expect(community).toMatchObject({
      name,
      display_name: "Photo Club",
      description: "Shots and gear",
      is_verified: false,
      total_members: 1,
      total_microposts: 0,
      user_membership: { role: "OWNER" },
    });
    expect(new Date(community.created_at).toISOString()).toBe(community.created_at);
    expect((await getCommunity(name)).user_membership).toBeNull();

    const image = await api(community.image!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it("accepts the image as a data URL, as the spec's form sends it", async () => {
    const owner = await createUser();
    const name = uniqueName();
    const dataUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
    expect((await create(owner.auth, { name, image: dataUrl })).status).toBe(201);
    const community = await getCommunity(name);
    expect((await api(community.image!)).headers.get("content-type")).toBe("image/png");
  });

  it("takes JSON too, with the image as a data URL", async () => {
    const owner = await createUser();
    const name = uniqueName();
    const res = await api("/api/v1/private/user/community", {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({
        name,
        description: "By JSON",
        image: `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`,
      }),
    });
    expect(res.status).toBe(201);
    expect((await getCommunity(name)).description).toBe("By JSON");
  });

  it.each([
    [{}, "name: Name is required"],
    [{ name: "a".repeat(26) }, "name: Name must be 25 characters or less"],
    [{ name: "two words" }, "name: Name cannot contain whitespace"],
    [{ name: "slash/name" }, "name: Name can only contain letters, numbers, _ and -"],
    [
      { name: "okname1", display_name: "d".repeat(41) },
      "display_name: Display name must be 40 characters or less",
    ],
    [
      { name: "okname2", display_name: "Two  spaces" },
      "display_name: Display name cannot contain two spaces in a row",
    ],
    [
      { name: "okname3", description: "x".repeat(251) },
      "description: Description must be 250 characters or less",
    ],
  ])("refuses %o with a 422 naming the field", async (fields, detail) => {
    const owner = await createUser();
    const res = await create(owner.auth, fields as Record<string, string>);
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toContain(detail);
    if ("name" in fields) expect((await api(`/api/v1/community?name=${fields.name}`)).status).not.toBe(200);
  });

  it("accepts the limits themselves: 25, 40 and 250 characters", async () => {
    const owner = await createUser();
    const name = `n${uniqueName()}`.padEnd(25, "x").slice(0, 25);
    const res = await create(owner.auth, {
      name,
      display_name: "d".repeat(40),
      description: "x".repeat(250),
    });
    expect(res.status).toBe(201);
  });

  it("refuses an image over 1 MB (422) and a file that is not an image whatever its name (415)", async () => {
    const owner = await createUser();
    const big = await create(owner.auth, { name: uniqueName(), image: bigPng() });
    expect(big.status).toBe(422);
    expect((await json<{ detail: string }>(big)).detail).toBe("image: File size should not exceed 1MB");

    const fake = new File(["just some text, not a picture"], "photo.png", { type: "image/png" });
    const name = uniqueName();
    const text = await create(owner.auth, { name, image: fake });
    expect(text.status).toBe(415);
    expect((await api(`/api/v1/community?name=${name}`)).status).toBe(404);
  });

  it("refuses a name already taken, whatever its case, with a 409", async () => {
    const owner = await createUser();
    const name = uniqueName("Dup");
    await newCommunity(owner, name);
    const res = await create(owner.auth, { name: name.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await getCommunity(name)).total_members).toBe(1);
  });

  it("needs a signed-in user", async () => {
    expect(
      (await api("/api/v1/private/user/community", { method: "POST", body: form({ name: "x" }) })).status,
    ).toBe(401);
  });
});

describe("membership", () => {
  it("joining sets the membership and adds one member; leaving answers 204 and takes it back", async () => {
    const owner = await createUser();
    const reader = await createUser();
    const name = await newCommunity(owner);

    const joined = await api(`/api/v1/private/user/community/join?name=${name}`, {
      method: "POST",
      headers: reader.auth,
    });
    expect(joined.status).toBe(200);
    const membership = await json<JoinResult>(joined);
    expect(membership).toMatchObject({ name, role: "MEMBER", total_members: 2 });
    expect((await getCommunity(name, reader.auth)).user_membership).toMatchObject({ role: "MEMBER" });

    // Joining again changes nothing.
    await api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: reader.auth });
    expect((await getCommunity(name)).total_members).toBe(2);

    const left = await api(`/api/v1/private/user/community/leave?name=${name}`, {
      method: "DELETE",
      headers: reader.auth,
    });
    expect(left.status).toBe(204);
    expect(await left.text()).toBe("");
    const after = await getCommunity(name, reader.auth);
    expect(after.user_membership).toBeNull();
    expect(after.total_members).toBe(1);

    // Leaving again changes nothing either.
    await api(`/api/v1/private/user/community/leave?name=${name}`, {
      method: "DELETE",
      headers: reader.auth,
    });
    expect((await getCommunity(name)).total_members).toBe(1);
  });

  it("counts each person once under many simultaneous joins and leaves", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    await Promise.all(
      people.flatMap((p) =>
        Array.from({ length: 4 }, () =>
          api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: p.auth }),
        ),
      ),
    );
    expect((await getCommunity(name)).total_members).toBe(7);
    await Promise.all(
      people
        .slice(0, 3)
        .flatMap((p) =>
          Array.from({ length: 3 }, () =>
            api(`/api/v1/private/user/community/leave?name=${name}`, { method: "DELETE", headers: p.auth }),
          ),
        ),
    );
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM community_members cm JOIN communities c ON c.id = cm.community_id WHERE c.name = ?1",
    )
      .bind(name)
      .first<{ n: number }>();
    expect((await getCommunity(name)).total_members).toBe(4);
    expect(rows?.n).toBe(4);
  });

  it("answers 404 for a community that does not exist", async () => {
    const user = await createUser();
    const res = await api("/api/v1/private/user/community/join?name=nosuchplace", {
      method: "POST",
      headers: user.auth,
    });
    expect(res.status).toBe(404);
    expect((await api("/api/v1/community?name=nosuchplace")).status).toBe(404);
  });
});

describe("community lists", () => {
  it("sorts by members for the sidebar, filters by name prefix, and shows the caller's membership", async () => {
    const owner = await createUser();
    const prefix = uniqueName("zq").slice(0, 8);
    const small = await newCommunity(owner, `${prefix}small`);
    const big = await newCommunity(owner, `${prefix}big`);
    const fan = await createUser();
    await api(`/api/v1/private/user/community/join?name=${big}`, { method: "POST", headers: fan.auth });

    const res = await api(`/api/v1/community/list?name=${prefix.toUpperCase()}&sort=top`, {
      headers: fan.auth,
    });
    expect(res.status).toBe(200);
    const page = await json<CursorPage<Community>>(res);
    expect(page.list.map((c) => c.name)).toEqual([big, small]);
    expect(page.total_list).toBe(2);
    expect(page.total_pages).toBe(1);
    expect(page.list[0]!.user_membership).toMatchObject({ role: "MEMBER" });
    expect(page.list[1]!.user_membership).toBeNull();

    const newest = await json<CursorPage<Community>>(
      await api(`/api/v1/community/list?name=${prefix}&sort=new`),
    );
    expect(newest.list.map((c) => c.name)).toEqual([big, small]);
  });

  it("pages through every community once, following next_cursor", async () => {
    const owner = await createUser();
    for (let i = 0; i < 5; i++) await newCommunity(owner);
    const seen: string[] = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page: CursorPage<Community> = await json(
        await api(`/api/v1/community/list?sort=new&limit=2${cursor ? `&cursor=${cursor}` : ""}`),
      );
      total = page.total_list;
      seen.push(...page.list.map((c) => c.name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    const counted = await env.DB.prepare("SELECT count(*) AS n FROM communities").first<{ n: number }>();
    expect(total).toBe(counted?.n);
  });

  it("lists the caller's own communities by name for the post form", async () => {
    const user = await createUser();
    const b = await newCommunity(user, `b${uniqueName()}`);
    const a = await newCommunity(user, `a${uniqueName()}`);
    const res = await api("/api/v1/private/user/community/list", { headers: user.auth });
    const page = await json<{ list: Community[]; total_list: number }>(res);
    expect(page.list.map((c) => c.name)).toEqual([a, b]);
    expect(page.list.every((c) => c.user_membership?.role === "OWNER")).toBe(true);
    expect(page.total_list).toBe(2);
  });

  it("lists members in joining order, with their role, in pages whose cost does not grow with depth", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const people = [];
    for (let i = 0; i < 12; i++) {
      const p = await createUser();
      people.push(p);
      await api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: p.auth });
    }
    const first = await api(`/api/v1/community/member/list?name=${name}&limit=5`);
    const page1 = await json<CursorPage<Member>>(first);
    expect(page1.total_list).toBe(13);
    expect(page1.total_pages).toBe(3);
    expect(page1.list[0]).toMatchObject({ role: "OWNER", owner: { username: owner.username } });
    expect(page1.list.slice(1).map((m) => m.owner.username)).toEqual(
      people.slice(0, 4).map((p) => p.username),
    );

    const second = await api(
      `/api/v1/community/member/list?name=${name}&limit=5&cursor=${page1.next_cursor}`,
    );
    const page2 = await json<CursorPage<Member>>(second);
    expect(page2.list.map((m) => m.owner.username)).toEqual(people.slice(4, 9).map((p) => p.username));
    // The page reads each member and their profile (joined, so the list is one round trip), the
    // boundary row and the community's name once in each of the cursor's two arms.
    expect(reads(second).list).toBeLessThanOrEqual(2 * reads(second).listReturned + 3);
    // A cursor page reads one boundary row and the name's second arm more than the first page, and
    // nothing for the rows before it.
    expect(reads(second).total).toBeLessThanOrEqual(reads(first).total + 2);
  });
});

describe("a community's posts", () => {
  it("lists pinned posts first, then the newest, from a cursor", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const ids = await insertPosts(owner.id, name, 9);
    await env.DB.prepare("UPDATE microposts SET is_pinned = 1 WHERE id = ?1").bind(ids[2]).run();
    const res = await api(`/api/v1/community/micropost/list?name=${name}&limit=4`);
    const page = await json<CursorPage<{ micropost: { title: string; is_pinned: boolean } }>>(res);
    expect(page.total_list).toBe(9);
    expect(page.list.map((i) => i.micropost.title)).toEqual(["Bulk 2", "Bulk 8", "Bulk 7", "Bulk 6"]);
    expect(page.list[0]!.micropost.is_pinned).toBe(true);
    const next = await json<CursorPage<{ micropost: { title: string } }>>(
      await api(`/api/v1/community/micropost/list?name=${name}&limit=4&cursor=${page.next_cursor}`),
    );
    expect(next.list.map((i) => i.micropost.title)).toEqual(["Bulk 5", "Bulk 4", "Bulk 3", "Bulk 1"]);
  });
});

describe("a community's banner", () => {
  const setCover = (auth: Record<string, string>, fields: Record<string, string | Blob>) =>
    api("/api/v1/private/user/community", { method: "PATCH", headers: auth, body: form(fields) });

  it("is put up by its creator, stored as an upload, shown to everyone, and taken down", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    expect((await getCommunity(name)).cover).toBeNull();

    // A real banner's size (a few hundred KB) is taken.
    const bytes = new Uint8Array(300 * 1024);
    bytes.set(PNG_BYTES);
    const res = await setCover(owner.auth, {
      name,
      cover: new File([bytes], "banner.png", { type: "image/png" }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const updated = await json<Community>(res);
    expect(updated.cover).toMatch(/^\/media\/community-cover\/\w+\.png$/);
    expect((await getCommunity(name)).cover).toBe(updated.cover);
    const served = await api(updated.cover!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");

    // A new banner replaces the old one, whose file goes.
    const next = await json<Community>(await setCover(owner.auth, { name, cover: pngFile("two.png") }));
    expect(next.cover).not.toBe(updated.cover);
    expect((await api(updated.cover!)).status).toBe(404);

    const removed = await setCover(owner.auth, { name, remove_cover: "true" });
    expect((await json<Community>(removed)).cover).toBeNull();
    expect((await getCommunity(name)).cover).toBeNull();
  });

  it("cannot be changed by a member, a stranger or a visitor, nor with a file that is not a picture", async () => {
    const owner = await createUser();
    const name = await newCommunity(owner);
    const member = await createUser();
    await api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: member.auth });

    const byMember = await setCover(member.auth, { name, cover: pngFile() });
    expect(byMember.status).toBe(403);
    expect((await json<{ detail: string }>(byMember)).detail).toBe(
      "Only the community's creator can change its banner",
    );
    expect((await setCover({}, { name, cover: pngFile() })).status).toBe(401);
    expect((await setCover(owner.auth, { name: `${name}x`, cover: pngFile() })).status).toBe(404);

    const text = await setCover(owner.auth, {
      name,
      cover: new File(["hello world!"], "x.png", { type: "image/png" }),
    });
    expect(text.status).toBe(415);
    const big = await setCover(owner.auth, { name, cover: bigPng() });
    expect(big.status).toBe(422);
    expect((await json<{ detail: string }>(big)).detail).toBe("cover: File size should not exceed 1MB");
    const nothing = await setCover(owner.auth, { name });
    expect(nothing.status).toBe(422);
    expect((await json<{ detail: string }>(nothing)).detail).toBe("cover: Choose a picture for the banner");
    expect((await getCommunity(name)).cover).toBeNull();
  });
});
