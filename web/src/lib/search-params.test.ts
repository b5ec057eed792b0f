import { describe, expect, it } from "vitest";
import { SEARCH_TYPES } from "#shared/enums.ts";
import { flag, integer, oneOf, searchParams, text } from "./search-params";

// The router hands validateSearch whatever the address holds, whatever its declared input type.
const raw = (value: Record<string, unknown>) => value as never;

describe("search params", () => {
  const parse = searchParams({ q: text(), type: oneOf(SEARCH_TYPES, "posts") });
  const search = (value: Record<string, unknown>) => parse(raw(value));

  it("keeps valid values", () => {
    expect(search({ q: "edge", type: "users" })).toEqual({ q: "edge", type: "users" });
  });

  it("falls back to posts for an unknown or missing type", () => {
    expect(search({ q: "edge", type: "bogus" })).toEqual({ q: "edge", type: "posts" });
    expect(search({})).toEqual({ type: "posts" });
  });

  it("reads numbers the router already parsed as text", () => {
    expect(search({ q: 2024 })).toEqual({ q: "2024", type: "posts" });
  });

  it("drops what cannot be read instead of failing", () => {
    expect(search({ q: { a: 1 }, type: ["users"] })).toEqual({ type: "posts" });
    expect(search({ q: "" })).toEqual({ type: "posts" });
  });

  it("reads whole numbers within bounds and flags", () => {
    const parsePage = searchParams({ page: integer({ min: 0, max: 10 }), draft: flag() });
    expect(parsePage(raw({ page: "3", draft: "true" }))).toEqual({ page: 3, draft: true });
    expect(parsePage(raw({ page: 11, draft: "maybe" }))).toEqual({});
    expect(parsePage(raw({ page: 1.5, draft: 0 }))).toEqual({ draft: false });
  });
});
