import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { plainText } from "../search/plain-text";
import { badgeOf, VerifiedBadge } from "./components/verified-badge";
import { pluralKey } from "./count-label";

const person = (
  flags: Partial<Record<"is_staff" | "is_verified_user" | "is_verified_business", boolean>>,
) => ({
  is_staff: false,
  is_verified_user: false,
  is_verified_business: false,
  ...flags,
});

describe("badges (part 1 §6)", () => {
  it("names staff, business and user verification, staff first", () => {
    expect(badgeOf(person({ is_staff: true, is_verified_user: true }))).toBe("Verified Staff");
    expect(badgeOf(person({ is_verified_business: true, is_verified_user: true }))).toBe("Verified Business");
    expect(badgeOf(person({ is_verified_user: true }))).toBe("Verified User");
    expect(badgeOf(person({}))).toBeNull();
  });

  it("shows the label on profiles and a labelled mark in lists, nothing for others", () => {
    const { container, rerender } = render(<VerifiedBadge person={person({ is_verified_user: true })} />);
    expect(screen.getByTestId("verified-badge").textContent).toBe("Verified User");
    rerender(<VerifiedBadge person={person({ is_staff: true })} compact />);
    expect(screen.getByRole("img", { name: "Verified Staff" })).toBeTruthy();
    rerender(<VerifiedBadge person={person({})} />);
    expect(container.textContent).toBe("");
  });
});

describe("counts and previews", () => {
  it("uses the singular key for exactly one", () => {
    expect(pluralKey(1, "{{count}} follower", "{{count}} followers")).toBe("{{count}} follower");
    expect(pluralKey(0, "{{count}} follower", "{{count}} followers")).toBe("{{count}} followers");
    expect(pluralKey(12, "{{count}} follower", "{{count}} followers")).toBe("{{count}} followers");
  });

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
