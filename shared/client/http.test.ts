import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, requestJson } from "./http";

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

async function refusal(body: unknown, status = 422): Promise<ApiError> {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(answer(body, status));
  return requestJson("/api/v1/x", { method: "POST", body: {} }, null, () => {}).then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: ApiError) => error,
  );
}

describe("requestJson refusals", () => {
  it("carries the answer's detail and its fields", async () => {
    const error = await refusal({ detail: "title: Required", fields: { title: "Required" } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.detail).toBe("title: Required");
    expect(error.fields).toEqual({ title: "Required" });
  });

  it("has no fields when the answer names none", async () => {
    const error = await refusal({ detail: "Post not found" }, 404);
    expect(error.detail).toBe("Post not found");
    expect(error.fields).toBeNull();
  });

  it("carries the answer's code, and none for a code the API does not send", async () => {
    expect((await refusal({ detail: "Confirm it is you", code: "step_up_required" }, 403)).code).toBe(
      "step_up_required",
    );
    expect((await refusal({ detail: "Bad gateway page", code: "NOPE" }, 502)).code).toBeNull();
    expect((await refusal({ detail: "Post not found" }, 404)).code).toBeNull();
  });
});

describe("requestJson and the database bookmark", () => {
  const bookmarked = (bookmark: string) =>
    new Response("{}", {
      status: 200,
      headers: { "content-type": "application/json", "x-d1-bookmark": bookmark },
    });

  it("sends back the newest bookmark an answer gave, never an older one", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch");
    fetchMock.mockResolvedValueOnce(bookmarked("00000000-00000005-00000000-00"));
    await requestJson("/api/v1/private/posts", { method: "POST", body: {} }, "t", () => {});
    // An older bookmark (an answer from a lagging copy) does not move it back.
    fetchMock.mockResolvedValueOnce(bookmarked("00000000-00000003-00000000-00"));
    await requestJson("/api/v1/feed", {}, "t", () => {});
    fetchMock.mockResolvedValueOnce(answer({}, 200));
    await requestJson("/api/v1/feed", {}, "t", () => {});
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("x-d1-bookmark"));
    expect(sent.slice(1)).toEqual(["00000000-00000005-00000000-00", "00000000-00000005-00000000-00"]);
  });
});
