import { describe, expect, it } from "vitest";
import { api, detail, env } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";

type Person = Awaited<ReturnType<typeof createUser>>;

const send = (who: Person, path: "report" | "feedback", fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return api(`/api/v1/private/user/${path}`, { method: "POST", headers: who.auth, body });
};
const TEXT_40 = "This post keeps spamming the same link...";

describe("POST /api/v1/private/user/report", () => {
  it("stores a report of a user with its cause, text and link", async () => {
    const me = await createUser();
    const them = await createUser();
    const res = await send(me, "report", {
      report_cause: "SPAM",
      text: TEXT_40,
      link: "/c/agora/p/abc123/some-post",
      reported_username: them.username,
    });
    expect(res.status).toBe(201);
    expect(await detail(res)).toBe("Report submitted successfully!");
    const row = await env.DB.prepare(
      "SELECT reporter_id, reported_user_id, report_cause, text, link FROM reports WHERE reporter_id = ?1",
    )
      .bind(me.id)
      .first();
    expect(row).toEqual({
      reporter_id: me.id,
      reported_user_id: them.id,
      report_cause: "SPAM",
      text: TEXT_40,
      link: "/c/agora/p/abc123/some-post",
    });
  });

  it("answers the spec's messages for a missing cause and a short, long or missing description", async () => {
    const me = await createUser();
    const them = await createUser();
    const base = { report_cause: "HATE", text: TEXT_40, reported_username: them.username };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, report_cause: "" }, "report_cause: Please select a cause."],
      [{ ...base, report_cause: "ANNOYING" }, "report_cause: Please select a cause."],
      [{ ...base, text: "too short" }, "text: Minimum 40 characters required."],
      [{ ...base, text: `   ${"x".repeat(39)}   ` }, "text: Minimum 40 characters required."],
      [{ ...base, text: "" }, "text: Description is required."],
      [{ ...base, text: "x".repeat(161) }, "text: Maximum 160 characters allowed."],
      [{ ...base, link: "javascript:alert(1)" }, "link: Invalid URL"],
      [
        { report_cause: "HATE", text: TEXT_40 },
        "reported_username: Say which user or link you are reporting",
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await send(me, "report", fields);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    const noText = await send(me, "report", { report_cause: "HATE", reported_username: them.username });
    expect(await detail(noText)).toBe("text: Description is required.");
    expect((await send(me, "report", { ...base, text: "x".repeat(160) })).status).toBe(201);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?1")
      .bind(me.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("refuses reporting nobody or oneself, and needs a token", async () => {
    const me = await createUser();
    const base = { report_cause: "OTHER", text: TEXT_40 };
    expect((await send(me, "report", { ...base, reported_username: "nosuchuser" })).status).toBe(404);
    const self = await send(me, "report", { ...base, reported_username: me.username });
    expect(self.status).toBe(400);
    expect(await detail(self)).toBe("You can not report yourself");
    expect((await api("/api/v1/private/user/report", { method: "POST" })).status).toBe(401);
  });
});

describe("POST /api/v1/private/user/feedback", () => {
  it("stores feedback with its type, text and optional link", async () => {
    const me = await createUser();
    const res = await send(me, "feedback", {
      feedback_type: "FEATURE_REQUEST",
      text: "Please add group chats for communities, it would help a lot.",
      link: "https://agora.example/chat",
    });
    expect(res.status).toBe(201);
    expect(await detail(res)).toBe("Feedback submitted successfully!");
    const noLink = await send(me, "feedback", { feedback_type: "GENERAL_FEEDBACK", text: "y".repeat(1000) });
    expect(noLink.status).toBe(201);
    const rows = await env.DB.prepare(
      "SELECT feedback_type, link FROM feedbacks WHERE user_id = ?1 ORDER BY id",
    )
      .bind(me.id)
      .all();
    expect(rows.results).toEqual([
      { feedback_type: "FEATURE_REQUEST", link: "https://agora.example/chat" },
      { feedback_type: "GENERAL_FEEDBACK", link: null },
    ]);
  });

  it("answers the spec's messages for a bad type, text or link", async () => {
    const me = await createUser();
    const base = { feedback_type: "ERROR", text: "z".repeat(40) };
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...base, feedback_type: "PRAISE" }, "feedback_type: Invalid type"],
      [{ text: base.text }, "feedback_type: Invalid type"],
      [{ ...base, text: "z".repeat(39) }, "text: Minimum 40 characters required"],
      [{ ...base, text: "z".repeat(1001) }, "text: Maximum 1000 characters allowed"],
      [{ ...base, link: "not a url" }, "link: Invalid URL"],
    ];
    for (const [fields, message] of cases) {
      const res = await send(me, "feedback", fields);
      expect(res.status, message).toBe(422);
      expect(await detail(res)).toBe(message);
    }
    const count = await env.DB.prepare("SELECT count(*) AS n FROM feedbacks WHERE user_id = ?1")
      .bind(me.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });
});
