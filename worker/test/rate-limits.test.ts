import { describe, expect, it } from "vitest";
import { api, env, form } from "./api";
import { startThread } from "./chat";
import { createUser, from, login, newAddress, newUsername, register } from "./people";
import { newCommunity, newPost, pngFile } from "./posts";
import { spent } from "./rows";

// Every action people could flood answers 429 with `Retry-After` once its allowance is
// spent. Small allowances are spent for real; large ones (a hundred posts an hour) start from an
// allowance already spent this hour, as the person would have left it.

async function expectRetryLater(res: Response) {
  const body = await res.text();
  expect(res.status, body).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(JSON.parse(body).detail).toMatch(/\d+ seconds/);
}

/** Sends `send()` until the answer is 429 (at most `limit + 1` times) and returns that answer. */
async function spend(limit: number, send: (i: number) => Promise<Response>): Promise<Response> {
  let res: Response | null = null;
  for (let i = 0; i <= limit; i++) {
    res = await send(i);
    if (res.status === 429) return res;
  }
  return res!;
}

describe("rate limits answer 429 with Retry-After", () => {
  it("sign-in: wrong passwords for one account from one address", async () => {
    const user = await createUser();
    const address = newAddress();
    const res = await spend(11, () => login(user.username, "wrong-password", address));
    await expectRetryLater(res);
  });

  it("registration: one e-mail address over and over", async () => {
    const email = `${newUsername("flood")}@example.com`;
    const res = await spend(6, () => register({ email }).then((r) => r.res));
    await expectRetryLater(res);
  });

  it("code resend", async () => {
    const { person } = await register();
    const address = newAddress();
    const res = await spend(11, () =>
      api(`/api/v1/user/auth/register/email/resend?username=${person.username}`, {
        method: "POST",
        headers: from(address),
      }),
    );
    await expectRetryLater(res);
  });

  it("password reset", async () => {
    const user = await createUser();
    const res = await spend(4, () =>
      api(`/api/v1/user/auth/reset/password?email=${user.username}@example.com`, {
        method: "POST",
        headers: from(newAddress()),
      }),
    );
    await expectRetryLater(res);
  });

  it("posting", async () => {
    const user = await createUser();
    const community = await newCommunity(user);
    await spent(`post:${user.id}`, 100);
    const res = await api("/api/v1/private/user/micropost", {
      method: "POST",
      headers: user.auth,
      body: form({ title: "One too many", body: "<p>x</p>", community_name: community }),
    });
    await expectRetryLater(res);
  });

  it("commenting", async () => {
    const user = await createUser();
    const post = await newPost(user, await newCommunity(user));
    await spent(`comment:${user.id}`, 300);
    const res = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      headers: user.auth,
      body: form({ parent_micropost_public_id: post.public_id, body: "One too many" }),
    });
    await expectRetryLater(res);
  });

  it("voting bursts (the Workers Rate Limiting binding)", async () => {
    const user = await createUser();
    const post = await newPost(user, await newCommunity(user));
    // The binding counts in fixed 60-second windows: a burst that crossed into the next window would
    // start counting again. On a busy machine the 61 votes take seconds, so start them early in one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
    const res = await spend(61, () =>
      api(`/api/v1/private/user/micropost/vote?public_id=${post.public_id}`, {
        method: "PATCH",
        headers: user.auth,
      }),
    );
    await expectRetryLater(res);
    // Every accepted vote toggled, and the refused one changed nothing.
    const row = await env.DB.prepare("SELECT total_votes AS n FROM microposts WHERE public_id = ?")
      .bind(post.public_id)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it("chat pictures", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const thread = await startThread(a, b);
    await spent(`chat-image:${a.id}`, 30);
    const res = await api("/api/v1/private/user/chat/image", {
      method: "POST",
      headers: a.auth,
      body: form({ public_id: thread, file: pngFile() }),
    });
    await expectRetryLater(res);
  });

  it("reports", async () => {
    const [user, target] = [await createUser(), await createUser()];
    const res = await spend(21, () =>
      api("/api/v1/private/user/report", {
        method: "POST",
        headers: user.auth,
        body: form({
          report_cause: "SPAM",
          text: "The same spam link again, posted in every community I follow today",
          reported_username: target.username,
        }),
      }),
    );
    await expectRetryLater(res);
  });

  it("keeps each counter in one b-tree: its key, with no rowid and key index beside it (migration 0115)", async () => {
    const table = await env.DB.prepare("SELECT wr FROM pragma_table_list WHERE name = 'rate_limits'").first<{
      wr: number;
    }>();
    expect(table?.wr).toBe(1);
  });

  it("feedback", async () => {
    const user = await createUser();
    const res = await spend(21, () =>
      api("/api/v1/private/user/feedback", {
        method: "POST",
        headers: user.auth,
        body: form({
          feedback_type: "SUGGESTION",
          text: "More dark themes please, and a larger font for the comments on phones",
        }),
      }),
    );
    await expectRetryLater(res);
  });
});
