import { describe, expect, it } from "vitest";
import { api, json } from "#worker-test/api.ts";
import { createAdmin, createUser } from "#worker-test/people.ts";

describe("feedbacks table", () => {
  it("lists feedback newest first with the sender's e-mail and the whole text", async () => {
    const admin = await createAdmin();
    const person = await createUser();
    const text = "The search page could remember my last query, that would help.";
    const body = new FormData();
    body.append("feedback_type", "SUGGESTION");
    body.append("text", text);
    expect(
      (await api("/api/v1/private/user/feedback", { method: "POST", headers: person.auth, body })).status,
    ).toBe(201);
    const res = await api("/api/admin/private/user/feedback/list?limit=5", { headers: admin.auth });
    expect(res.status).toBe(200);
    const page = await json<{ list: Array<Record<string, Record<string, unknown>>>; total_list: number }>(
      res,
    );
    expect(page.list[0]).toMatchObject({
      user: { username: person.username, email: `${person.username}@example.com` },
      user_feedback: { feedback_type: "SUGGESTION", text, link: null },
    });
    expect((await api("/api/admin/private/user/feedback/list?skip=-1", { headers: admin.auth })).status).toBe(
      422,
    );
  });
});
