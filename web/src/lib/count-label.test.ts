import { describe, expect, it } from "vitest";
import { pluralKey } from "./count-label";

describe("counts", () => {
  it("uses the singular key for exactly one", () => {
    expect(pluralKey(1, "{{count}} follower", "{{count}} followers")).toBe("{{count}} follower");
    expect(pluralKey(0, "{{count}} follower", "{{count}} followers")).toBe("{{count}} followers");
    expect(pluralKey(12, "{{count}} follower", "{{count}} followers")).toBe("{{count}} followers");
  });
});
