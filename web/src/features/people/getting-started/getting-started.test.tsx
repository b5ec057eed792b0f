import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { GettingStarted } from "#shared/schemas/getting-started.ts";
import type { Suggestions } from "#shared/schemas/search.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { clearToken, setToken } from "#web/lib/auth-token.ts";
import WelcomeDialog from "../components/welcome-dialog";

const SUGGESTIONS: Suggestions = {
  communities: [
    {
      name: "gardening",
      display_name: null,
      description: "Gardens and growing",
      image: null,
      cover: null,
      is_verified: false,
      created_at: "2026-01-01T00:00:00Z",
      total_members: 12,
      total_microposts: 3,
      user_membership: null,
    },
  ],
  users: [],
};

/** The server's checklist: one community joined so far, then two after a join. */
function server(start: GettingStarted) {
  let progress = start;
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/private/user/getting-started")) return Response.json(progress);
    if (url.startsWith("/api/v1/private/user/suggestions")) return Response.json(SUGGESTIONS);
    if (url.startsWith("/api/v1/private/user/community/join") && init?.method === "POST") {
      progress = { ...progress, communities: progress.communities + 1 };
      return Response.json({
        name: "gardening",
        role: "MEMBER",
        created_at: "2026-01-01",
        total_members: 13,
      });
    }
    return Response.json({ default_micropost_sort: "COMMUNITIES" });
  });
}

afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
});

describe("the Get started checklist", () => {
  it("ticks what the server counts, joins without a notice over the list, and lands on the person's communities", async () => {
    setToken("test-token");
    const fetch = server({ profile: true, communities: 1, people: 0, post: false, done: false });
    const onClose = vi.fn();
    const { router } = await renderInApp(<WelcomeDialog onClose={onClose} />);
    const dialog = await screen.findByTestId("welcome-dialog");
    await within(dialog).findByText("1 of 4 done");
    const steps = within(dialog).getAllByTestId("getting-started-step");
    expect(steps.map((s) => s.dataset.done)).toEqual(["true", "false", "false", "false"]);
    expect(within(steps[1]!).getByText("1 of 3")).toBeTruthy();
    expect(within(dialog).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");

    await act(async () => {
      fireEvent.click(await within(dialog).findByRole("button", { name: "Join c/gardening" }));
    });
    // Counted again by the server, with no "You joined" notice stacked over the list.
    await within(dialog).findByText("2 of 3");
    expect(screen.queryByText("You joined c/gardening")).toBeNull();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Go to my feed" }));
    });
    expect(onClose).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toEqual({ sort: "communities" });
    expect(
      fetch.mock.calls.some(
        ([url, init]) =>
          String(url).startsWith("/api/v1/private/user/setting/default-micropost-sort") &&
          init?.method === "PATCH",
      ),
    ).toBe(true);
  });

  it("says when everything is done", async () => {
    setToken("test-token");
    server({ profile: true, communities: 3, people: 3, post: true, done: true });
    await renderInApp(<WelcomeDialog onClose={() => {}} />);
    await screen.findByText("You are all set");
    expect(screen.getAllByTestId("getting-started-step").every((s) => s.dataset.done === "true")).toBe(true);
  });
});
