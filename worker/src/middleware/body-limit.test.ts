import { describe, expect, it } from "vitest";
import { MB } from "#shared/constants.ts";
import app from "#worker/app.ts";
import { api, env, json } from "#worker-test/api.ts";
import { createUser } from "#worker-test/people.ts";
import { newCommunity, newPost } from "#worker-test/posts.ts";
import {
  BODY_MAX_BYTES,
  bodyLimitOf,
  LONG_TEXT_BODY_MAX_BYTES,
  LONG_TEXT_ROUTES,
  UPLOAD_BODY_MAX_BYTES,
  UPLOAD_ROUTES,
} from "./body-limit";

// Every route has a body limit, enforced before the body is read: a declared Content-Length over
// it is refused without pulling a byte, a body without one is cut off at the limit.

const CHUNK = 16 * 1024;

/** A body of `chunks` × 16 KB that counts how many chunks anything pulled from it. */
function countingBody(chunks: number, byte = 0x61) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= chunks) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(CHUNK).fill(byte));
      },
    },
    // Nothing is pulled until a reader asks.
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const detailOf = async (res: Response) => (await json<{ detail: string }>(res)).detail;

describe("request body limits", () => {
  it("refuses a JSON body whose Content-Length is over the limit, without reading it", async () => {
    const { stream, state } = countingBody(64);
    const request = new Request("http://localhost/api/v1/user/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(64 * CHUNK) },
      body: stream,
    });
    const res = await app.request(request, undefined, env);
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe("The request body is too large: at most 64 KB here");
    expect(state.pulled).toBe(0);
  });

  it("cuts off a form body sent without Content-Length at the limit, and stores nothing", async () => {
    const user = await createUser();
    const { stream, state } = countingBody(400);
    const request = new Request("http://localhost/api/v1/private/user/report", {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/x-www-form-urlencoded" },
      body: stream,
    });
    expect(request.headers.get("content-length")).toBeNull();
    const res = await app.request(request, undefined, env);
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toContain("too large");
    // 6.4 MB offered; the reading stopped just past 64 KB.
    expect(state.pulled).toBeLessThanOrEqual(BODY_MAX_BYTES / CHUNK + 2);
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM reports WHERE reporter_id = ?1")
      .bind(user.id)
      .all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it("answers 413 with a detail through the real Worker too, for a form of 1 MB", async () => {
    const user = await createUser();
    const body = new URLSearchParams({ report_cause: "SPAM", text: "x".repeat(MB) });
    const res = await api("/api/v1/private/user/report", { method: "POST", headers: user.auth, body });
    expect(res.status).toBe(413);
    expect(await detailOf(res)).toBe("The request body is too large: at most 64 KB here");
  });

  it("still takes long text where long text belongs: a comment of 96,600 characters of HTML", async () => {
    const author = await createUser();
    const { public_id } = await newPost(author, await newCommunity(author));
    // 4,600 characters of text (the limit is 10,000) in 96,600 of markup (the limit is 100,000).
    const body = "<p><strong><em><u>éé</u></em></strong></p>".repeat(2_300);
    const payload = JSON.stringify({ parent_micropost_public_id: public_id, body });
    expect(new TextEncoder().encode(payload).length).toBeGreaterThan(BODY_MAX_BYTES);
    const res = await api("/api/v1/private/user/micropost/comment", {
      method: "POST",
      headers: { ...author.auth, "content-type": "application/json" },
      body: payload,
    });
    expect(res.status).toBe(201);
  });

  it("keeps the uploads' larger limit: a 5 MB résumé is taken, 9 MB is refused unread", async () => {
    const user = await createUser();
    const pdf = new Uint8Array(5 * MB);
    pdf.set(new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"));
    const form = new FormData();
    form.append("file", new File([pdf], "cv.pdf", { type: "application/pdf" }));
    const ok = await api("/api/v1/user/resume", { method: "POST", headers: user.auth, body: form });
    expect(ok.status).toBe(201);

    const { stream, state } = countingBody((9 * MB) / CHUNK);
    const request = new Request("http://localhost/api/v1/user/resume", {
      method: "POST",
      headers: {
        ...user.auth,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(9 * MB),
      },
      body: stream,
    });
    const tooBig = await app.request(request, undefined, env);
    expect(tooBig.status).toBe(413);
    expect(await detailOf(tooBig)).toBe("The upload is too large: send at most 8 MB");
    expect(state.pulled).toBe(0);
  });

  it("names only real routes, and every route that takes a file is an upload route", async () => {
    const doc = await json<{
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    }>(await api("/api/openapi.json"));
    const routes = new Set<string>();
    const withFile: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        routes.add(key);
        if (JSON.stringify(operation.requestBody ?? {}).includes('"format":"binary"')) withFile.push(key);
      }
    }
    for (const key of [...UPLOAD_ROUTES, ...LONG_TEXT_ROUTES]) expect(routes, key).toContain(key);
    expect(withFile.length).toBeGreaterThan(5);
    for (const key of withFile) expect(UPLOAD_ROUTES, key).toContain(key);
    expect(bodyLimitOf("post", "/api/v1/user/resume")).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitOf("POST", "/api/admin/private/email/template")).toBe(LONG_TEXT_BODY_MAX_BYTES);
    expect(bodyLimitOf("POST", "/api/v1/user/auth/login")).toBe(BODY_MAX_BYTES);
  });
});
