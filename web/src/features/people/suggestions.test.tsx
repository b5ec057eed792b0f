import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Suggestions } from "#shared/schemas/search.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { FeedPage } from "#web/features/posts/components/feed-page.tsx";
import { clearToken, setToken } from "#web/lib/auth-token.ts";
import EmptyFeedSuggestions from "./components/empty-feed-suggestions";
import WelcomeDialog from "./components/welcome-dialog";

const SUGGESTIONS: Suggestions = {
  communities: [
    {
      name: "gardening",
      display_name: null,
      description: null,
      image: null,
      cover: null,
      is_verified: false,
      created_at: "2026-01-01T00:00:00Z",
      total_members: 12,
      total_microposts: 3,
      user_membership: null,
    },
  ],
  users: [
    {
      owner: {
        username: "popular",
        profile_name: "Popular Person",
        profile_image: null,
        is_staff: false,
        is_verified_user: false,
        is_verified_business: false,
        status: "ACTIVE",
      } as Suggestions["users"][number]["owner"],
      is_following: false,
    },
  ],
};

function server() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/private/user/suggestions")) return Response.json(SUGGESTIONS);
    if (url.startsWith("/api/v1/private/user/getting-started"))
      return Response.json({ profile: false, communities: 0, people: 0, post: false, done: false });
    if (url.startsWith("/api/v1/private/user/follow") && init?.method === "POST")
      return Response.json({ is_following: true, total_followers: 1, total_following: 1 });
    if (url.startsWith("/api/v1/private/user/auth/me"))
      return Response.json({ username: "newbie", default_micropost_sort: "FOLLOWING" });
    if (url.startsWith("/api/v1/feed")) return Response.json({ list: [], next_cursor: null, total_list: 0 });
    return Response.json({}, { status: 200 });
  });
}

afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
});

describe("the welcome step after signing up", () => {
  it("offers communities to join and people to follow, and a follow shows at once", async () => {
    setToken("test-token");
    const fetch = server();
    await renderInApp(<WelcomeDialog onClose={() => {}} />);
    const dialog = await screen.findByTestId("welcome-dialog");
    await within(dialog).findByRole("heading", { name: "Communities to join" });
    expect(within(dialog).getByText("c/gardening")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: /Join/ })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Follow @popular" }));
    });
    await within(dialog).findByRole("button", { name: /Following @popular|Unfollow @popular/ });
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).startsWith("/api/v1/private/user/follow") && init?.method === "POST",
      ),
    ).toBe(true);
  });
});

describe("the empty Following feed", () => {
  it("offers people to follow instead of asking a newcomer to write a post", async () => {
    setToken("test-token");
    server();
    await renderInApp(<FeedPage sort="FOLLOWING" suggestions={EmptyFeedSuggestions} />);
    await screen.findByText("Follow people and their posts show here.");
    await screen.findByRole("heading", { name: "People to follow" });
    expect(screen.getByRole("button", { name: "Follow @popular" })).toBeTruthy();
    expect(screen.queryByText("Make one and get this feed started")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Communities to join" })).toBeNull();
  });
});

describe("the Follow button", () => {
  it("shows Following right after the click, and Unfollow only when the pointer comes back", async () => {
    setToken("test-token");
    server();
    await renderInApp(<WelcomeDialog onClose={() => {}} />);
    const button = await screen.findByRole("button", { name: "Follow @popular" });
    fireEvent.mouseEnter(button);
    await act(async () => {
      fireEvent.click(button);
    });
    await screen.findByRole("button", { name: "Following @popular" });
    fireEvent.mouseLeave(button);
    fireEvent.mouseEnter(button);
    expect(screen.getByRole("button", { name: "Unfollow @popular" })).toBeTruthy();
  });
});
