import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postKeys } from "../posts/queries";
import { useFollow } from "./mutations";

afterEach(() => vi.restoreAllMocks());

describe("following someone", () => {
  it("marks every home feed stale, so the Following feed shows their posts on its next look", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ is_following: true, total_followers: 1, total_following: 1 }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    });
    const following = postKeys.feed("FOLLOWING", "bruno");
    client.setQueryData(following, { pages: [], pageParams: [] });
    expect(client.getQueryState(following)?.isInvalidated).toBe(false);
    const { result } = renderHook(() => useFollow("carmen"), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await act(() => result.current.mutateAsync(true));
    await waitFor(() => expect(client.getQueryState(following)?.isInvalidated).toBe(true));
  });
});
