import { act, fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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
