import { describe, expect, it } from "vitest";
import { api, json } from "./api";
import { checkAgainstDocument, openApiCheck } from "./openapi-check";
import { createUser } from "./people";
import { newCommunity, newPost } from "./posts";

// The OpenAPI document says what the API takes and answers, and a client or a validating proxy
// that follows it is neither refused by the API nor surprised by an answer. Every answer of every
// worker test is held against it (openapi-check.ts); these are the places it used to be wrong.

type Schema = { type?: string | string[]; enum?: unknown[]; required?: string[]; anyOf?: Schema[] };
type Param = { name: string; in: string; schema: Schema };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
};

const doc = await json<Doc>(await api("/api/openapi.json"));
const param = (path: string, name: string) =>
  doc.paths[path]?.get?.parameters?.find((p) => p.name === name)?.schema;

describe("the OpenAPI document", () => {
  it("lists the values a parameter takes, not any string or integer", () => {
    expect(param("/api/v1/coin/market-chart", "days")?.enum).toEqual([1]);
    expect(param("/api/v1/community/list", "sort")?.enum).toEqual(["top", "new"]);
    expect(param("/api/v1/feed", "option")?.enum).toEqual(
      expect.arrayContaining(["new", "NEW", "following"]),
    );
    const sortBody = doc.paths["/api/v1/private/user/setting/default-micropost-sort"]?.patch?.requestBody
      ?.content["application/json"]?.schema as { properties: Record<string, Schema> };
    expect(sortBody.properties.default_micropost_sort?.enum).toEqual(expect.arrayContaining(["top", "TOP"]));
  });

  it("marks the fields a post and a draft cannot do without as required", () => {
    const body = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.requestBody?.content["multipart/form-data"]?.schema.required ?? []).sort();
    expect(body("/api/v1/private/user/micropost", "post")).toEqual(["community_name", "title"]);
    expect(body("/api/v1/private/user/micropost/draft", "patch")).toEqual([
      "community_name",
      "public_id",
      "title",
    ]);
  });

  it("answers a sort it does not take with one clear detail", async () => {
    const res = await api("/api/v1/community/list?sort=oldest");
    expect(res.status).toBe(422);
    expect((await json<{ detail: string }>(res)).detail).toBe("sort: Use top or new");
  });

  it("describes a comment page's null parent, the featured list's 422 and the socket's 426", async () => {
    const me = await createUser();
    const post = await newPost(me, await newCommunity(me));
    const page = await api(`/api/v1/micropost/comment/list?post_public_id=${post.public_id}`);
    expect((await json<{ parent: unknown }>(page)).parent).toBeNull();
    expect((await api(`/api/v1/featured/main/list?lang=${"x".repeat(11)}`)).status).toBe(422);
    const plain = await api(`/api/v1/chat/websocket/connect?public_id=x&token=y`);
    expect(plain.status).toBe(426);
    expect((await json<{ detail: string }>(plain)).detail).toMatch(/WebSocket/);
    // Each of these answers went through the check without a mismatch.
    expect(openApiCheck.mismatches).toEqual([]);
  });

  it("is what each answer is held against: an undocumented status or a body off the schema is a mismatch", async () => {
    const request = { method: "GET", url: "http://localhost/api/v1/featured/main/list" };
    await checkAgainstDocument(request, Response.json({ list: [{ id: "one" }] }));
    await checkAgainstDocument(request, Response.json({ detail: "no" }, { status: 409 }));
    const found = openApiCheck.mismatches.splice(0);
    expect(found).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/featured\/main\/list → 200: body does not match the document/),
      expect.stringMatching(/^GET \/api\/v1\/featured\/main\/list → 409: status not documented/),
    ]);
  });
});
