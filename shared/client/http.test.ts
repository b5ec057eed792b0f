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
});
