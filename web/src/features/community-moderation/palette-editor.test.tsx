import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Community } from "#shared/schemas/communities.ts";
import { DEFAULT_REACTION_PALETTE } from "#shared/schemas/reactions.ts";
import { PaletteEditor } from "./components/palette-editor";

afterEach(() => vi.restoreAllMocks());

const community = (over: Partial<Community> = {}): Community => ({
  name: "birds",
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

function renderEditor(c: Community) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PaletteEditor community={c} />
    </QueryClientProvider>,
  );
}

const shown = () => screen.getAllByTestId("palette-emoji").map((li) => li.textContent?.replace("×", ""));
const typedField = () => screen.getByLabelText("Or type or paste one");

describe("a community's palette editor", () => {
  it("starts from the default eight, takes an emoji typed with Enter, removes one, and saves the list", async () => {
    const saved = ["👍", "❤️", "😂", "😮", "😢", "🎉", "🙏", "🦉"];
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(Response.json(community({ reaction_palette: saved })));
    renderEditor(community());
    expect(shown()).toEqual([...DEFAULT_REACTION_PALETTE]);
    expect(screen.getByText(/The default palette/)).toBeTruthy();
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole("button", { name: "Save the palette" }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.change(typedField(), { target: { value: "hello" } });
    fireEvent.keyDown(typedField(), { key: "Enter" });
    expect(screen.getByRole("alert").textContent).toBe("Use one emoji");
    fireEvent.change(typedField(), { target: { value: "👍" } });
    fireEvent.keyDown(typedField(), { key: "Enter" });
    expect(screen.getByRole("alert").textContent).toBe("Each emoji may be in the palette once");

    fireEvent.click(screen.getByRole("button", { name: "Remove 👀" }));
    fireEvent.change(typedField(), { target: { value: " 🦉 " } });
    fireEvent.keyDown(typedField(), { key: "Enter" });
    expect(shown()).toEqual(saved);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Save the palette" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/v1/private/user/community");
    expect(init?.method).toBe("PATCH");
    const body = init?.body as FormData;
    expect(body.get("name")).toBe("birds");
    expect(JSON.parse(String(body.get("reaction_palette")))).toEqual(saved);
    await waitFor(() => expect(screen.getByText(/Its own palette/)).toBeTruthy());
  });

  it("refuses an empty palette before sending it, and gives the default eight back with one button", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json(community()));
    renderEditor(community({ reaction_palette: ["🦉"] }));
    fireEvent.click(screen.getByRole("button", { name: "Remove 🦉" }));
    expect(screen.getByText("No emoji yet: add at least one.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save the palette" }));
    expect(screen.getByRole("alert").textContent).toBe("Choose at least one emoji");
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Use the default eight" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const sent = fetch.mock.calls[0]![1]!.body as FormData;
    expect(sent.get("remove_reaction_palette")).toBe("true");
    await waitFor(() => expect(shown()).toEqual([...DEFAULT_REACTION_PALETTE]));
    const list = screen.getByRole("list", { name: "Emoji in the palette" });
    expect(within(list).getAllByRole("button")).toHaveLength(8);
  });
});
