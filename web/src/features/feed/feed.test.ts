import { describe, expect, it } from "vitest";
import { feedOptionsFor } from "./components/feed-page";

describe("the feed's sort menu", () => {
  it("offers Communities and Following only to signed-in readers", () => {
    expect(feedOptionsFor(false)).toEqual(["NEW", "TOP", "VERIFIED"]);
    expect(feedOptionsFor(true)).toEqual(["NEW", "TOP", "COMMUNITIES", "VERIFIED", "FOLLOWING"]);
  });
});
