import { describe, expect, it } from "vitest";
import { formatRelative } from "./format";

const ago = (seconds: number) => Date.now() - seconds * 1000;

describe("relative times", () => {
  it("say every age in one short form with a number, never yesterday beside 3 days ago", () => {
    expect(formatRelative(ago(5), "en")).toBe("now");
    expect(formatRelative(ago(20 * 60), "en")).toBe("20m ago");
    expect(formatRelative(ago(26 * 3600), "en")).toBe("1d ago");
    expect(formatRelative(ago(3 * 86_400), "en")).toBe("3d ago");
    expect(formatRelative(ago(2 * 86_400), "pt")).toBe("há 2 dias");
    expect(formatRelative(ago(86_400), "es")).toBe("hace 1 d");
  });
});
