import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "#shared/schemas/posts.ts";
import type { SearchResult } from "#shared/schemas/search.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { FollowPersonRow } from "#web/features/people/components/person-row.tsx";
import { FeedPage } from "#web/features/posts/components/feed-page.tsx";
import { SearchPage } from "#web/features/search/components/search-page.tsx";
import { clearToken, setToken } from "#web/lib/auth-token.ts";

function item(publicId: string, title: string): FeedItem {
  return {
    owner: {
      username: "bruno",
      profile_name: null,
      profile_image: null,
      status: "ACTIVE",
      created_at: "2026-01-01T00:00:00.000Z",
      is_staff: false,
      is_verified_user: false,
      is_verified_business: false,
    },
    community: {
      name: "agora",
      display_name: null,
      description: null,
      image: null,
      cover: null,
      is_verified: false,
      created_at: "2026-01-01T00:00:00.000Z",
      total_members: 1,
      total_microposts: 2,
      user_membership: null,
    },
    micropost: {
      public_id: publicId,
      title,
      body: "<p>b</p>",
      link: `/c/agora/p/${publicId}/t`,
      slug: "t",
      post_type: "TEXT",
      user_file_list: [],
      is_pinned: false,
      is_locked: false,
      flair: null,
      depth: 0,
      total_micropost_votes: 0,
      total_micropost_comments: 0,
      user_voted: false,
      user_bookmarked: false,
      user_is_owner: false,
      published_at: "2026-01-01T00:00:00.000Z",
      edited_at: null,
      reactions: [],
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    },
    comment_list: [],
  } as FeedItem;
}

const MUTED = [item("q1", "Quokka sighting"), item("q2", "More quokka photos")];

/** An API whose lists hold two posts the reader's muted words hide, unless show_muted=true. */
function server() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    const all = url.searchParams.get("show_muted") === "true";
    if (url.pathname === "/api/v1/private/user/auth/me")
      return Response.json({ username: "reader", default_micropost_sort: "NEW" });
    if (url.pathname === "/api/v1/feed")
      return Response.json(
        all
          ? { list: MUTED, total_list: 2, total_pages: 1, next_cursor: null }
          : { list: [], total_list: 2, total_pages: 1, next_cursor: null, hidden_by_mutes: 2 },
      );
    if (url.pathname === "/api/v1/search") {
      const answer: SearchResult = all
        ? { search_type: "posts", list: MUTED, total_list: 2, total_pages: 1 }
        : { search_type: "posts", list: [], total_list: 0, total_pages: 0, hidden_by_mutes: 2 };
      return Response.json(answer);
    }
    return Response.json({});
  });
}

afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
});

describe("a list that muted words left empty", () => {
  it("says how many posts were hidden instead of 'nothing here', and Show brings them", async () => {
    setToken("test-token");
    const fetch = server();
    await renderInApp(<FeedPage sort="NEW" suggestions={() => null} />);
    const notice = await screen.findByTestId("hidden-by-mutes");
    expect(notice.textContent).toContain("2 posts hidden by your muted words");
    expect(screen.queryByText("There is nothing here yet")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show" }));
    });
    await screen.findByText("Quokka sighting");
    expect(screen.getByText("More quokka photos")).toBeTruthy();
    expect(screen.queryByTestId("hidden-by-mutes")).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes("show_muted=true"))).toBe(true);
  });

  it("in search, says so instead of 'no results', and Show searches with nothing left out", async () => {
    setToken("test-token");
    server();
    await renderInApp(
      <SearchPage q="quokka" type="posts" personRow={(item) => <FollowPersonRow item={item} />} />,
    );
    const notice = await screen.findByTestId("hidden-by-mutes");
    expect(notice.textContent).toContain("2 results hidden by your muted words");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show" }));
    });
    await screen.findByText("Quokka sighting");
    expect(screen.getByTestId("result-count").textContent).toBe("2 results");
  });
});
