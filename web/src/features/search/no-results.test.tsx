import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInApp } from "#web/components/testing.tsx";
import { NoResults } from "./components/search-page";

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
