import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";

describe("wordDiff", () => {
  it("marks the words one version removed and the other added, keeping the rest", () => {
    expect(wordDiff("the quick brown fox", "the slow brown fox jumps")).toEqual([
      { kind: "same", text: "the " },
      { kind: "removed", text: "quick " },
      { kind: "added", text: "slow " },
      { kind: "same", text: "brown fox " },
      { kind: "added", text: "jumps" },
    ]);
  });

  it("gives the new text back from its kept and added parts", () => {
    const after = "one two  three\nfour";
    const parts = wordDiff("zero one three", after);
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });

  it("says nothing changed for the same text, and all added from nothing", () => {
    expect(wordDiff("same words", "same words")).toEqual([{ kind: "same", text: "same words" }]);
    expect(wordDiff("", "new")).toEqual([{ kind: "added", text: "new" }]);
  });
});
