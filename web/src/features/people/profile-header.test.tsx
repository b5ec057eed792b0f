import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { User } from "#shared/schemas/user.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { ProfileHeader } from "./components/profile-header";

const person: User = {
  username: "lucia",
  profile_name: "Lucía",
  profile_image: null,
  status: "ACTIVE",
  created_at: "2026-01-05T10:00:00.000Z",
  is_staff: false,
  is_verified_user: false,
  is_verified_business: false,
  email: null,
  profile_cover: null,
  headline: "Backend engineer",
  bio: "Storage engines.\nBased in Porto.",
  links: ["https://lucia.example.com/", "https://code.example.org/lucia"],
  is_following: false,
  is_blocked: false,
  is_blocking: false,
  user_is_owner: false,
  allow_new_chat: true,
  total_followers: 3,
  total_following: 1,
  use_night_mode: true,
  default_micropost_sort: "NEW",
  role: "USER",
};

describe("a profile's header", () => {
  it("shows the headline, the bio with its line breaks and the links as rel=me", async () => {
    await renderInApp(<ProfileHeader user={person} />);
    expect(screen.getByTestId("profile-headline").textContent).toBe("Backend engineer");
    const bio = screen.getByTestId("profile-bio");
    expect(bio.textContent).toBe("Storage engines.\nBased in Porto.");
    expect(bio.className).toContain("whitespace-pre-line");
    const links = screen.getAllByRole("link").filter((a) => a.getAttribute("rel")?.startsWith("me"));
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("rel")])).toEqual([
      ["lucia.example.com", "https://lucia.example.com/", "me nofollow noopener"],
      ["code.example.org/lucia", "https://code.example.org/lucia", "me nofollow noopener"],
    ]);
  });

  it("shows nothing of them when unset", async () => {
    await renderInApp(<ProfileHeader user={{ ...person, headline: "", bio: "", links: [] }} />);
    expect(screen.queryByTestId("profile-headline")).toBeNull();
    expect(screen.queryByTestId("profile-bio")).toBeNull();
    expect(screen.queryByRole("list", { name: "Links" })).toBeNull();
  });
});
