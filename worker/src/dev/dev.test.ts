import { describe, expect, it } from "vitest";
import { plainEmail, sendEmail } from "#worker/providers/email.ts";
import { api, deps, json } from "#worker-test/api.ts";

describe("the dev outbox", () => {
  it("keeps what would have been e-mailed, newest first", async () => {
    await sendEmail(deps, plainEmail("reader@example.com", "First", "one"));
    await sendEmail(deps, plainEmail("reader@example.com", "Second", "two"));
    const res = await api("/api/dev/outbox?to=Reader@Example.com");
    expect(res.status).toBe(200);
    const { list } = await json<{ list: Array<{ subject: string; text: string; html: string }> }>(res);
    expect(list.map((m) => m.subject)).toEqual(["Second", "First"]);
    expect(list[0]!.html).toContain("<p>two</p>");
  });

  it("validates its query with a 422 naming the field", async () => {
    const res = await api("/api/dev/outbox");
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toMatch(/^to: /);
  });

  it("sends through the configured e-mail API when there is one", async () => {
    const sent: Array<{ url: string; body: string; auth: string | null }> = [];
    const original = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const req = new Request(input, init);
      sent.push({ url: req.url, body: await req.text(), auth: req.headers.get("authorization") });
      return new Response("{}", { status: 200 });
    };
    try {
      await sendEmail(
        { ...deps, env: { ...deps.env, EMAIL_API_URL: "https://mail.example/send", EMAIL_API_KEY: "k1" } },
        plainEmail("x@example.com", "Hi", "hello"),
      );
    } finally {
      globalThis.fetch = original;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("https://mail.example/send");
    expect(sent[0]!.auth).toBe("Bearer k1");
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ to: "x@example.com", subject: "Hi" });
  });
});
