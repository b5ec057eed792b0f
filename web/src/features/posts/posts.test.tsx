import { QueryClient } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LinkDialog } from "#client/editor/link-dialog.tsx";
import type { FeedItem, Post } from "#shared/schemas/posts.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { i18n } from "#web/i18n/i18n.ts";
import { cachedPost, removeCachedPost, updateCachedPost } from "./cache";
import { PostCard } from "./components/post-card";
import { toggleVote } from "./vote";

function item(publicId: string, voted = false, votes = 5): FeedItem {
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
      total_microposts: 1,
      user_membership: null,
    },
    micropost: {
      public_id: publicId,
      title: "T",
      body: "<p>b</p>",
      link: `/c/agora/p/${publicId}/t`,
      slug: "t",
      post_type: "TEXT",
      user_file_list: [],
      is_pinned: false,
      is_locked: false,
      flair: null,
      depth: 0,
      total_micropost_votes: votes,
      total_micropost_comments: 0,
      user_voted: voted,
      user_bookmarked: false,
      user_is_owner: false,
      published_at: "2026-01-01T00:00:00.000Z",
      edited_at: null,
      reactions: [],
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    },
    comment_list: [],
  };
}

const page = (...items: FeedItem[]) => ({
  pages: [{ list: items, total_list: items.length, total_pages: 1, next_cursor: null }],
  pageParams: [{ skip: 0, cursor: null }],
});

afterEach(() => vi.restoreAllMocks());

describe("every cached copy of a post", () => {
  it("changes together in feeds, pages and profile lists, and leaves them all when deleted", () => {
    const client = new QueryClient();
    client.setQueryData(["posts", "feed", "NEW", null], page(item("a"), item("b")));
    client.setQueryData(["posts", "detail", "a"], item("a"));
    client.setQueryData(["people", "posts", "bruno", "NEW"], page(item("a")));
    updateCachedPost(client, "a", (m) => ({ ...m, total_micropost_votes: 9 }));
    const votes = (key: unknown[]) => {
      const data = client.getQueryData<{ pages?: Array<{ list: FeedItem[] }> } & Partial<FeedItem>>(key);
      return data?.pages
        ? data.pages[0]!.list.map((i) => i.micropost.total_micropost_votes)
        : [data?.micropost?.total_micropost_votes];
    };
    expect(votes(["posts", "feed", "NEW", null])).toEqual([9, 5]);
    expect(votes(["posts", "detail", "a"])).toEqual([9]);
    expect(votes(["people", "posts", "bruno", "NEW"])).toEqual([9]);
    expect(cachedPost(client, "a")?.total_micropost_votes).toBe(9);

    removeCachedPost(client, "a");
    expect(votes(["posts", "feed", "NEW", null])).toEqual([5]);
    expect(votes(["people", "posts", "bruno", "NEW"])).toEqual([]);
  });
});

describe("votes", () => {
  it("show at once, send one request at a time, and end where the last click left them", async () => {
    const client = new QueryClient();
    client.setQueryData(["posts", "detail", "p1"], item("p1", false, 5));
    const server = { voted: false, votes: 5, inFlight: 0, maxInFlight: 0, requests: 0 };
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => {
      server.requests++;
      server.inFlight++;
      server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
      await new Promise((r) => setTimeout(r, 20));
      server.voted = !server.voted;
      server.votes += server.voted ? 1 : -1;
      server.inFlight--;
      return new Response(JSON.stringify({ user_voted: server.voted, total_micropost_votes: server.votes }), {
        headers: { "content-type": "application/json" },
      });
    });
    const shown = () => client.getQueryData<FeedItem>(["posts", "detail", "p1"])!.micropost as Post;

    toggleVote(client, "p1");
    expect(shown()).toMatchObject({ user_voted: true, total_micropost_votes: 6 });
    toggleVote(client, "p1");
    expect(shown()).toMatchObject({ user_voted: false, total_micropost_votes: 5 });
    await vi.waitFor(() => expect(server.requests).toBe(2), { timeout: 2000 });
    await vi.waitFor(() => expect(server.inFlight).toBe(0));
    expect(server).toMatchObject({ voted: false, votes: 5, maxInFlight: 1 });
    expect(shown()).toMatchObject({ user_voted: false, total_micropost_votes: 5 });

    toggleVote(client, "p1");
    toggleVote(client, "p1");
    toggleVote(client, "p1");
    expect(shown().user_voted).toBe(true);
    await vi.waitFor(() => expect(server.inFlight).toBe(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(server).toMatchObject({ voted: true, votes: 6, maxInFlight: 1 });
    expect(shown()).toMatchObject({ user_voted: true, total_micropost_votes: 6 });
  });
});

describe("the editor's link dialog", () => {
  it("says Enter a link, then Invalid link, and saves a link with https:// added", () => {
    const onSubmit = vi.fn();
    render(<LinkDialog initial="" onSubmit={onSubmit} onRemove={null} onClose={() => {}} />);
    const save = screen.getByRole("button", { name: "Save" });
    act(() => fireEvent.click(save));
    expect(screen.getByRole("alert").textContent).toBe("Enter a link");
    fireEvent.change(screen.getByLabelText("Link"), { target: { value: "not a link" } });
    act(() => fireEvent.click(save));
    expect(screen.getByRole("alert").textContent).toBe("Invalid link");
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Link"), { target: { value: "example.com/page" } });
    act(() => fireEvent.click(save));
    expect(onSubmit).toHaveBeenCalledWith("https://example.com/page");
  });
});

describe("a post's byline and actions on a phone", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  it.each([
    ["es", /hace 20 min$/],
    ["pt", /há 20 min\.?$/],
  ])("keeps the time short in %s, so the byline stays on one line", async (lang, time) => {
    await act(() => i18n.changeLanguage(lang));
    const post = item("p20");
    post.micropost.published_at = new Date(Date.now() - 20 * 60_000).toISOString();
    await renderInApp(<PostCard item={post} />);
    const byline = screen.getByText((_, el) => el?.tagName === "TIME").parentElement as HTMLElement;
    expect(byline.querySelector("time")?.textContent).toMatch(time);
    expect(byline.textContent).not.toMatch(/minutos/);
    expect(byline.className).toContain("whitespace-nowrap");
    // Share keeps its name (and a tooltip) while its label is hidden on a phone; the row does not wrap.
    const share = screen.getByRole("button", { name: "Share" });
    expect(share.getAttribute("title")).toBe("Share");
    expect(share.closest("footer")?.className).not.toContain("flex-wrap");
  });
});
