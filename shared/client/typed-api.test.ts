import { describe, expect, expectTypeOf, it } from "vitest";
import { buildUrl, type RequestOptions } from "./http";
import { type Answer, typedApi } from "./typed-api";

// The client's types are checked by `tsc -b` (this file is part of both SPAs' projects): each
// `@ts-expect-error` below is a call the API's document refuses, and fails the types step if the
// client ever accepts it. The runtime half is what reaches the SPA's request function.

function recorder(answer: unknown = { ok: true }) {
  const calls: Array<{ path: string; options: RequestOptions }> = [];
  const api = typedApi(async (path, options) => {
    calls.push({ path, options });
    return answer;
  });
  return { api, calls };
}

describe("the typed client", () => {
  it("sends each method with its query, body and signal through the SPA's request function", async () => {
    const { api, calls } = recorder();
    const signal = new AbortController().signal;
    await api.get("/api/v1/community/list", { query: { sort: "new", limit: 5 }, signal });
    await api.post("/api/v1/private/user/filter", {
      body: { phrase: "spoiler", contexts: ["FEED"], whole_word: true },
    });
    await api.patch("/api/v1/private/user/notification/read", { body: { id: 2 } });
    await api.delete("/api/v1/private/user/filter", { query: { id: 3 } });
    await api.get("/api/v1/private/user/auth/me");
    expect(calls).toEqual([
      {
        path: "/api/v1/community/list",
        options: { method: "GET", query: { sort: "new", limit: 5 }, signal },
      },
      {
        path: "/api/v1/private/user/filter",
        options: {
          method: "POST",
          query: undefined,
          body: { phrase: "spoiler", contexts: ["FEED"], whole_word: true },
        },
      },
      {
        path: "/api/v1/private/user/notification/read",
        options: { method: "PATCH", query: undefined, body: { id: 2 } },
      },
      { path: "/api/v1/private/user/filter", options: { method: "DELETE", query: { id: 3 } } },
      { path: "/api/v1/private/user/auth/me", options: { method: "GET", query: undefined } },
    ]);
  });

  it("takes null for an optional query parameter, which the request leaves out as it does undefined", async () => {
    const { api, calls } = recorder();
    await api.get("/api/v1/community/list", { query: { cursor: null, name: undefined } });
    const sent = calls[0];
    expect(sent && buildUrl(sent.path, sent.options.query)).toBe("/api/v1/community/list");
  });

  it("answers what the request function answered, typed as the document says", async () => {
    const page = { list: [], next_cursor: null, total_list: 0, total_pages: 0 };
    const answer = await recorder(page).api.get("/api/v1/community/list");
    expect(answer).toBe(page);
    expectTypeOf(answer).toEqualTypeOf<Answer<"get", "/api/v1/community/list">>();
    expectTypeOf(answer.next_cursor).toEqualTypeOf<string | null>();
    expectTypeOf<(typeof answer)["list"][number]["name"]>().toEqualTypeOf<string>();
  });

  it("refuses, at compile time, what the API does not take", () => {
    const { api } = recorder();
    const never = () => {
      // @ts-expect-error a path the Worker does not serve
      void api.get("/api/v1/no/such/path");
      // @ts-expect-error the feed is read with GET only
      void api.post("/api/v1/feed");
      // @ts-expect-error a sort the list does not take
      void api.get("/api/v1/community/list", { query: { sort: "oldest" } });
      // @ts-expect-error a query parameter the operation does not have
      void api.get("/api/v1/community/list", { query: { sorting: "top" } });
      // @ts-expect-error a required query parameter left out
      void api.get("/api/v1/blog", { query: {} });
      // @ts-expect-error a required query parameter cannot be null (an optional one can: it is left out)
      void api.get("/api/v1/blog", { query: { slug: null } });
      // @ts-expect-error a body whose field has the wrong type
      void api.post("/api/v1/private/user/filter", { body: { phrase: 1, contexts: ["FEED"] } });
    };
    expect(typeof never).toBe("function");
  });
});
