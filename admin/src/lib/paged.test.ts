import { describe, expect, it } from "vitest";
import { SKIP_MAX } from "#shared/constants.ts";
import { preview } from "../features/feedbacks/feedbacks-page";
import { skipPagesQueryOptions } from "./paged";

const page = (n: number, total: number) => ({
  list: Array.from({ length: n }, (_, i) => i),
  total_list: total,
  total_pages: Math.ceil(total / 2),
});

describe("load more over skip/limit pages", () => {
  const next = skipPagesQueryOptions(["t"], 2, async () => page(0, 0)).getNextPageParam!;

  it("asks for the rows after those loaded until every row is", () => {
    const first = page(2, 5);
    expect(next(first, [first], 0, [0])).toBe(2);
    const second = page(2, 5);
    expect(next(second, [first, second], 2, [0, 2])).toBe(4);
    const last = page(1, 5);
    expect(next(last, [first, second, last], 4, [0, 2, 4])).toBeUndefined();
  });

  it("stops where the API's offsets end (SKIP_MAX), however long the list", () => {
    const deep = skipPagesQueryOptions(["t"], 100, async () => page(0, 0)).getNextPageParam!;
    const full = { list: Array.from({ length: 100 }, (_, i) => i), total_list: 50_000, total_pages: 500 };
    const loaded = (n: number) => Array.from({ length: n }, () => full);
    expect(deep(full, loaded(100), 9_900, [])).toBe(SKIP_MAX);
    expect(deep(full, loaded(101), SKIP_MAX, [])).toBeUndefined();
  });

  it("stops on an empty page even if the total grew meanwhile", () => {
    const empty = page(0, 9);
    expect(next(empty, [page(2, 9), empty], 2, [0, 2])).toBeUndefined();
  });
});

describe("the feedback table's text", () => {
  it("cuts at 21 characters, counting an emoji as one", () => {
    expect(preview("Short enough")).toEqual({ short: "Short enough", cut: false });
    expect(preview("x".repeat(21))).toEqual({ short: "x".repeat(21), cut: false });
    expect(preview(`${"🙂".repeat(22)}`)).toEqual({ short: `${"🙂".repeat(21)}…`, cut: true });
  });
});
