import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "#shared/schemas/user.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { closeModal, ModalHost } from "#web/modals.tsx";
import { NewConversation } from "./components/new-conversation";

const ME: Me = {
  username: "carmen",
  profile_name: "Carmen",
  profile_image: null,
  status: "ACTIVE",
  created_at: "2026-01-01T00:00:00.000Z",
  is_staff: false,
  is_verified_user: false,
  is_verified_business: false,
  email: "carmen@example.com",
  profile_cover: null,
  headline: "",
  bio: "",
  links: [],
  is_following: false,
  is_blocked: false,
  is_blocking: false,
  user_is_owner: true,
  allow_new_chat: true,
  total_followers: 0,
  total_following: 0,
  use_night_mode: true,
  default_micropost_sort: "NEW",
  role: "USER",
  settings: { REQUIRE_ALT_TEXT: true },
  referrer_username: null,
  is_service_provider: false,
};

const CHAT = "/api/v1/private/user/chat";

/** The Worker's answers for a conversation with bruno that does not exist yet. */
function fakeApi() {
  const calls: Array<{ path: string; method: string; body: BodyInit | null | undefined }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = String(input).split("?")[0]!;
    calls.push({ path, method: init?.method ?? "GET", body: init?.body });
    const answer =
      path === `${CHAT}/thread/personal`
        ? { public_id: null, user: { username: "bruno", profile_name: "Bruno", profile_image: null } }
        : path === `${CHAT}/thread`
          ? { public_id: "t1" }
          : path === `${CHAT}/image`
            ? { public_id: "m1" }
            : null;
    return new Response(JSON.stringify(answer ?? { detail: "Not found" }), {
      status: answer ? 200 : 404,
      headers: { "content-type": "application/json" },
    });
  });
  return calls;
}

afterEach(() => {
  act(() => closeModal());
  vi.restoreAllMocks();
});

describe("a picture as the first message of a new conversation", () => {
  it("asks for its description before anything is created, and sends it with the picture", async () => {
    const calls = fakeApi();
    await renderInApp(
      <>
        <NewConversation username="bruno" me={ME} />
        <ModalHost />
      </>,
    );
    await screen.findByRole("heading", { name: "Bruno" });
    const picture = new File([new Uint8Array(10)], "sunset.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("chat-image-input"), { target: { files: [picture] } });

    const dialog = await screen.findByRole("dialog", { name: "Describe the picture" });
    expect(dialog.textContent).toContain("sunset.png");
    // Nothing is started while the person describes it, and an empty description is refused.
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(screen.getByRole("dialog", { name: "Describe the picture" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Describe the picture"), {
      target: { value: "A red sun over the sea" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(calls.some((c) => c.path === `${CHAT}/image`)).toBe(true));
    expect(screen.queryByRole("dialog")).toBeNull();
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => c.path)).toEqual([`${CHAT}/thread`, `${CHAT}/image`]);
    const sent = posts[1]!.body as FormData;
    expect(sent.get("public_id")).toBe("t1");
    expect(sent.get("alt")).toBe("A red sun over the sea");
    expect((sent.get("file") as File).name).toBe("sunset.png");
  });

  it("cancelling the description sends nothing and starts no conversation", async () => {
    const calls = fakeApi();
    await renderInApp(
      <>
        <NewConversation username="bruno" me={ME} />
        <ModalHost />
      </>,
    );
    await screen.findByRole("heading", { name: "Bruno" });
    const picture = new File([new Uint8Array(10)], "sunset.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("chat-image-input"), { target: { files: [picture] } });
    const dialog = await screen.findByRole("dialog", { name: "Describe the picture" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
