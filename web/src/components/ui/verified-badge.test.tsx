import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { badgeOf, VerifiedBadge } from "./verified-badge";

const person = (
  flags: Partial<Record<"is_staff" | "is_verified_user" | "is_verified_business", boolean>>,
) => ({
  is_staff: false,
  is_verified_user: false,
  is_verified_business: false,
  ...flags,
});

describe("badges", () => {
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
