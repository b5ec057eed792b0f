import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Community } from "#shared/schemas/communities.ts";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { communityKeys } from "#web/lib/community-keys.ts";
import { CommunityBanner } from "./components/community-banner";

afterEach(() => vi.restoreAllMocks());

const community = (over: Partial<Community> = {}): Community => ({
  name: "garden",
  display_name: null,
  description: null,
  image: null,
  cover: null,
  is_verified: false,
  created_at: "2026-01-01T00:00:00.000Z",
  total_members: 1,
  total_microposts: 0,
  user_membership: { role: "OWNER", created_at: "2026-01-01T00:00:00.000Z" },
  ...over,
});

function renderBanner(c: Community) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(communityKeys.one(c.name), c);
  const view = render(
    <QueryClientProvider client={client}>
      <CommunityBanner community={c} />
    </QueryClientProvider>,
  );
  return { client, ...view };
}

describe("a community's banner", () => {
  it("lets its creator upload a picture, sent as the cover of that community", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json(community({ cover: "/media/community-cover/abc.png" })));
    const { client } = renderBanner(community());
    fireEvent.click(screen.getByRole("button", { name: "Add a banner" }));
    const file = new File([new Uint8Array(10)], "banner.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("community-cover-input"), { target: { files: [file] } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/v1/private/user/community");
    expect(init?.method).toBe("PATCH");
    const body = init?.body as FormData;
    expect(body.get("name")).toBe("garden");
    expect((body.get("cover") as File).name).toBe("banner.png");
    await waitFor(() =>
      expect(client.getQueryData<Community>(communityKeys.one("garden"))?.cover).toBe(
        "/media/community-cover/abc.png",
      ),
    );
  });

  it("refuses a file that is not a picture before sending it", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    renderBanner(community());
    const file = new File(["text"], "notes.txt", { type: "text/plain" });
    fireEvent.change(screen.getByTestId("community-cover-input"), { target: { files: [file] } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the uploaded banner to everyone, and the controls only to its creator", () => {
    renderBanner(community({ cover: "/media/community-cover/abc.png", user_membership: null }));
    expect(screen.getByTestId("community-cover").getAttribute("src")).toBe("/media/community-cover/abc.png");
    expect(screen.queryByRole("button", { name: "Change banner" })).toBeNull();
  });
});

describe("a verified community's mark", () => {
  it("is the badge people get, named for the community", () => {
    render(<VerifiedBadge label="Verified community" compact />);
    const mark = screen.getByRole("img", { name: "Verified community" });
    expect(mark.querySelector("svg")).not.toBeNull();
    expect(mark.textContent).not.toContain("✓");
  });
});
