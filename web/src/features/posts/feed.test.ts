import { describe, expect, it } from "vitest";
import { feedOptionOf, feedOptionsFor } from "./components/feed-page";

describe("the feed's sort menu", () => {
  it("offers Communities and Following only to signed-in readers", () => {
    expect(feedOptionsFor(false)).toEqual(["NEW", "TOP", "VERIFIED"]);
    expect(feedOptionsFor(true)).toEqual(["NEW", "TOP", "COMMUNITIES", "VERIFIED", "FOLLOWING"]);
  });

  it("shows the address's sort, else the saved default, else New, and New for one the reader may not pick", () => {
    expect(feedOptionOf("TOP", false)).toBe("TOP");
    expect(feedOptionOf(undefined, false)).toBe("NEW");
    expect(feedOptionOf(undefined, true, "VERIFIED")).toBe("VERIFIED");
    expect(feedOptionOf("TOP", true, "VERIFIED")).toBe("TOP");
    expect(feedOptionOf("FOLLOWING", false)).toBe("NEW");
    expect(feedOptionOf(undefined, true, "SOMETHING_ELSE")).toBe("NEW");
  });
});
