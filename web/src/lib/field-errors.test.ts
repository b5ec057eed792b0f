import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { fieldErrors } from "./field-errors";

describe("fieldErrors", () => {
  const fields = ["company_name", "images", "job_title"] as const;

  it("puts each refused field of the answer's `fields` on its field", () => {
    const error = new ApiError(
      422,
      "company_name: This company belongs to someone else. Use the name of your own company.; images.1: Use a PNG, JPEG, GIF or WebP image",
      {
        company_name: "This company belongs to someone else. Use the name of your own company.",
        "images.1": "Use a PNG, JPEG, GIF or WebP image",
      },
    );
    expect(fieldErrors(error, fields)).toEqual({
      byField: {
        company_name: "This company belongs to someone else. Use the name of your own company.",
        images: "Use a PNG, JPEG, GIF or WebP image",
      },
      rest: null,
    });
  });

  it("keeps what names no field of the form for the form itself", () => {
    const error = new ApiError(429, "Too many attempts. Try again in 30 seconds.");
    expect(fieldErrors(error, fields)).toEqual({
      byField: {},
      rest: "Too many attempts. Try again in 30 seconds.",
    });
    const salary = new ApiError(422, "salary: Must be 0 or more", { salary: "Must be 0 or more" });
    expect(fieldErrors(salary, fields).rest).toBe("salary: Must be 0 or more");
  });

  it("never reads a field out of the detail's words", () => {
    const error = new ApiError(422, "job_title: looks like a field, but the answer named none");
    expect(fieldErrors(error, fields)).toEqual({
      byField: {},
      rest: "job_title: looks like a field, but the answer named none",
    });
  });

  it("says nothing of an error without a detail", () => {
    expect(fieldErrors(new Error("offline"), fields)).toEqual({ byField: {}, rest: null });
  });
});
