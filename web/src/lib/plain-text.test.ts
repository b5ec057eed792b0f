import { describe, expect, it } from "vitest";
import { plainText } from "./plain-text";

describe("previews", () => {
  it("reads stored HTML as text, keeps block breaks and runs nothing", () => {
    expect(plainText("<p>below.</p><h2>Where</h2><ul><li>one</li><li>two</li></ul>", 100)).toBe(
      "below. Where one two",
    );
    expect(plainText('<img src=x onerror="window.hacked=1"><p>safe &amp; sound</p>', 100)).toBe(
      "safe & sound",
    );
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(plainText(`<p>${"word ".repeat(50)}</p>`, 20)).toBe("word word word word…");
  });
});
