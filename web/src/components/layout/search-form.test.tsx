import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInApp } from "../testing";
import { SearchForm } from "./search-form";

const box = () => screen.getByRole("searchbox", { name: "Search" });
const submitWithEnter = async () => {
  await act(async () => {
    fireEvent.submit(box().closest("form")!);
  });
};

describe("the header search form", () => {
  it("ignores an empty or blank search", async () => {
    const { router } = await renderInApp(<SearchForm id="s" />);
    await submitWithEnter();
    fireEvent.change(box(), { target: { value: "   " } });
    await submitWithEnter();
    expect(router.state.location.pathname).toBe("/");
  });

  it("goes to /search with q and type posts on Enter", async () => {
    const { router } = await renderInApp(<SearchForm id="s" />);
    fireEvent.change(box(), { target: { value: "  edge rendering " } });
    await submitWithEnter();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/search"));
    expect(router.state.location.search).toEqual({ q: "edge rendering" });
  });

  it("searches with the icon button too", async () => {
    const { router } = await renderInApp(<SearchForm id="s" />);
    fireEvent.change(box(), { target: { value: "rust" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Search" }));
    });
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ q: "rust" }));
  });

  it("keeps the type being browsed and shows the current query", async () => {
    const { router } = await renderInApp(<SearchForm id="s" />, { path: "/search?q=old&type=users" });
    expect((box() as HTMLInputElement).value).toBe("old");
    fireEvent.change(box(), { target: { value: "alice" } });
    await submitWithEnter();
    await vi.waitFor(() => expect(router.state.location.search).toEqual({ q: "alice", type: "users" }));
  });
});

describe("the header search's suggestions", () => {
  afterEach(() => vi.restoreAllMocks());

  it("offers communities and people as a combobox: arrows choose, Enter opens, Escape closes", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      const type = url.searchParams.get("type");
      const person = {
        username: "gary",
        profile_name: "Gary Oak",
        profile_image: null,
        status: "ACTIVE",
        created_at: "2026-01-01T00:00:00Z",
        is_staff: false,
        is_verified_user: false,
        is_verified_business: false,
      };
      const community = {
        name: "gardening",
        display_name: "Gardening",
        description: "Gardens and growing",
        image: null,
        cover: null,
        is_verified: false,
        created_at: "2026-01-01T00:00:00Z",
        total_members: 12,
        total_microposts: 3,
        user_membership: null,
      };
      return Response.json(
        type === "communities"
          ? { search_type: "communities", list: [{ community }], total_list: 1, total_pages: 1 }
          : {
              search_type: "users",
              list: [{ owner: person, is_following: false }],
              total_list: 1,
              total_pages: 1,
            },
      );
    });
    const { router } = await renderInApp(<SearchForm id="s" />);
    const input = box();
    await act(async () => {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: "gar" } });
    });
    const listbox = await screen.findByRole("listbox", { name: "Suggestions" });
    const options = await vi.waitFor(() => {
      const found = screen.getAllByRole("option");
      expect(found).toHaveLength(2);
      return found;
    });
    expect(options[0]!.textContent).toContain("c/gardening");
    expect(options[1]!.textContent).toContain("Gary Oak@gary");
    expect(
      fetch.mock.calls.some(([url]) => String(url).includes("q=gar") && String(url).includes("type=users")),
    ).toBe(true);
    const combo = screen.getByRole("combobox", { name: "Search" });
    expect(combo.getAttribute("aria-controls")).toBe(listbox.id);
    expect(combo.getAttribute("aria-expanded")).toBe("true");

    await act(async () => {
      fireEvent.keyDown(combo, { key: "ArrowDown" });
    });
    await act(async () => {
      fireEvent.keyDown(combo, { key: "ArrowDown" });
    });
    expect(combo.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");
    await act(async () => {
      fireEvent.keyDown(combo, { key: "ArrowUp" });
    });
    expect(combo.getAttribute("aria-activedescendant")).toBe(options[0]!.id);

    await act(async () => {
      fireEvent.keyDown(combo, { key: "Escape" });
    });
    expect(combo.getAttribute("aria-expanded")).toBe("false");
    expect(combo.hasAttribute("aria-activedescendant")).toBe(false);

    await act(async () => {
      fireEvent.keyDown(combo, { key: "ArrowDown" });
    });
    await act(async () => {
      fireEvent.keyDown(combo, { key: "Enter" });
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/c/gardening"));
  });
});
