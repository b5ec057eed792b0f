import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SnackbarHost } from "#client/ui/snackbar.tsx";
import { joinCommunity, leaveCommunity } from "#web/lib/community-membership.ts";

afterEach(() => vi.restoreAllMocks());

describe("leaving a community", () => {
  it("says so, and takes away the earlier 'You joined' notice", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).includes("/community/join")
        ? Response.json({
            name: "garden",
            role: "MEMBER",
            created_at: "2026-01-01T00:00:00Z",
            total_members: 2,
          })
        : new Response(null, { status: 204 }),
    );
    render(<SnackbarHost />);
    const queryClient = new QueryClient();
    await act(() => joinCommunity(queryClient, "garden"));
    await screen.findByText("You joined c/garden");
    await act(() => leaveCommunity(queryClient, "garden"));
    await screen.findByText("You left c/garden");
    expect(screen.queryByText("You joined c/garden")).toBeNull();
  });
});
