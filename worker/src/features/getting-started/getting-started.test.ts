import { describe, expect, it } from "vitest";
import type { GettingStarted } from "#shared/schemas/getting-started.ts";
import { api, env, json } from "#worker-test/api.ts";
import { createUser, type TestUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";

const PATH = "/api/v1/private/user/getting-started";

const progress = async (user: TestUser) => {
  const res = await api(PATH, { headers: user.auth });
  expect(res.status).toBe(200);
  return json<GettingStarted>(res);
};

describe("GET /api/v1/private/user/getting-started", () => {
  it("follows what the person has done, step by step, until every step is done", async () => {
    const me = await createUser();
    const owner = await createUser();
    expect(await progress(me)).toEqual({
      profile: false,
      communities: 0,
      people: 0,
      post: false,
      done: false,
    });

    // A picture alone is not the step; a picture and a name are.
    await env.DB.prepare("UPDATE users SET profile_image = 'https://example.com/me.png' WHERE id = ?1")
      .bind(me.id)
      .run();
    expect((await progress(me)).profile).toBe(false);
    await env.DB.prepare("UPDATE users SET profile_name = 'Ana Souza' WHERE id = ?1").bind(me.id).run();
    expect((await progress(me)).profile).toBe(true);

    // Communities: joined through the API, counted up to three.
    const names = [await newCommunity(owner), await newCommunity(owner), await newCommunity(owner)];
    const join = (name: string) =>
      api(`/api/v1/private/user/community/join?name=${name}`, { method: "POST", headers: me.auth });
    expect((await join(names[0]!)).status).toBe(200);
    expect((await progress(me)).communities).toBe(1);
    for (const name of names.slice(1)) expect((await join(name)).status).toBe(200);
    expect((await newCommunity(me)) && (await progress(me)).communities).toBe(3);

    // People: up to three counted.
    for (let i = 0; i < 4; i++) {
      const person = await createUser();
      const res = await api(`/api/v1/private/user/follow?username=${person.username}`, {
        method: "POST",
        headers: me.auth,
      });
      expect(res.status).toBe(200);
    }
    const before = await progress(me);
    expect(before).toMatchObject({ people: 3, post: false, done: false });

    // The first published post finishes it.
    await newPost(me, names[0]!);
    expect(await progress(me)).toEqual({ profile: true, communities: 3, people: 3, post: true, done: true });

    // Someone else's checklist is their own.
    expect((await progress(owner)).people).toBe(0);
  });

  it("needs a signed-in person", async () => {
    expect((await api(PATH)).status).toBe(401);
  });
});
