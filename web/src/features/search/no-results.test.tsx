import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "#web/components/testing.tsx";
import { FollowPersonRow } from "#web/features/people/components/person-row.tsx";
import { NoResults, SearchPage } from "./components/search-page";

afterEach(() => vi.restoreAllMocks());

describe("a search with no results", () => {
  it("says a one-letter search is too short, and how long it must be", async () => {
    await renderInApp(<NoResults q="a" type="posts" />);
    expect(screen.getByText("Type at least 2 letters to search.")).toBeTruthy();
    expect(screen.queryByText(/Try other words/)).toBeNull();
  });

  it("suggests other words for a longer search", async () => {
    await renderInApp(<NoResults q="zebra" type="posts" />);
    expect(screen.getByText("Nothing matches “zebra”. Try other words, or fewer of them.")).toBeTruthy();
  });
});

describe("the kinds-of-result tab bar", () => {
  it("brings the selected tab into view and marks the row as one that scrolls", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ search_type: "users", list: [], total_list: 0, total_pages: 0 }),
    );
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? "");
    };
    await renderInApp(
      <SearchPage q="ana" type="users" personRow={(item) => <FollowPersonRow item={item} />} />,
    );
    const tabs = screen.getByRole("navigation", { name: "Kinds of result" });
    expect(tabs.className).toContain("tab-bar");
    expect(scrolled).toContain("Users");
  });
});

describe("a search that did not choose a kind", () => {
  it("opens Communities when no post matches and a community does, never a bare No results", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const type = new URL(String(input), "http://x").searchParams.get("type");
      return type === "communities"
        ? Response.json({
            search_type: "communities",
            list: [{ community: { name: "remotework" } }],
            total_list: 1,
            total_pages: 1,
          })
        : Response.json({ search_type: type, list: [], total_list: 0, total_pages: 0 });
    });
    const { router } = await renderInApp(
      <SearchPage
        q="remotework"
        type="posts"
        chosen={false}
        personRow={(item) => <FollowPersonRow item={item} />}
      />,
      {
        path: "/search?q=remotework",
      },
    );
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: "remotework", type: "communities" }),
    );
    expect(screen.queryByText("No results")).toBeNull();
  });

  it("says No results once no kind has any", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      Response.json({
        search_type: new URL(String(input), "http://x").searchParams.get("type"),
        list: [],
        total_list: 0,
        total_pages: 0,
      }),
    );
    await renderInApp(
      <SearchPage
        q="zzqx"
        type="posts"
        chosen={false}
        personRow={(item) => <FollowPersonRow item={item} />}
      />,
      { path: "/search?q=zzqx" },
    );
    expect(await screen.findByText("No results")).toBeTruthy();
  });
});
