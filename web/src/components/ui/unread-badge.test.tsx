import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Me } from "#shared/schemas/user.ts";
import { clearToken, setToken } from "#web/lib/auth-token.ts";
import { accountKeys } from "#web/lib/session.ts";
import { UserMenu } from "../layout/user-menu";
import { renderInApp } from "../testing";
import { unreadBadge } from "./unread-badge";

describe("the unread badge text", () => {
  it("is hidden at zero and shows counts up to five", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(-1)).toBeNull();
    expect(unreadBadge(1)).toBe("1");
    expect(unreadBadge(5)).toBe("5");
  });

  it("shows '5+' above five", () => {
    expect(unreadBadge(6)).toBe("5+");
    expect(unreadBadge(120)).toBe("5+");
  });
});

describe("the header's chat badge", () => {
  afterEach(() => {
    clearToken();
    vi.unstubAllGlobals();
  });

  it("shows '5+' for seven unread chats", async () => {
    setToken("test-token");
    const unread = { unread_chat_threads: 7, unread_notifications: 2 };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(unread)),
    );
    const me = { username: "bruno", profile_image: null } as unknown as Me;
    const { queryClient } = await renderInApp(<UserMenu me={me} />);
    await act(async () => {
      queryClient.setQueryData(accountKeys.unread(), unread);
    });
    expect((await screen.findByTestId("chat-badge")).textContent).toBe("5+");
  });
});

describe("the bell and the menu's Notifications item", () => {
  afterEach(() => {
    clearToken();
    vi.unstubAllGlobals();
  });

  it("both open the unread view while there are unread notifications, and all otherwise", async () => {
    setToken("test-token");
    let unread = { unread_chat_threads: 0, unread_notifications: 2 };
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(unread)),
    );
    const me = { username: "bruno", profile_image: null } as unknown as Me;
    const { queryClient } = await renderInApp(<UserMenu me={me} />);
    const bell = await screen.findByRole("link", { name: "Notifications, 2 unread" });
    expect(bell.getAttribute("href")).toBe("/notifications?view=unread");
    fireEvent.click(screen.getByRole("button", { name: "Account menu for bruno" }));
    const item = await screen.findByRole("menuitem", { name: /Notifications/ });
    expect(item.getAttribute("href")).toBe("/notifications?view=unread");

    unread = { unread_chat_threads: 0, unread_notifications: 0 };
    await act(async () => {
      queryClient.setQueryData(accountKeys.unread(), unread);
    });
    expect((await screen.findByRole("link", { name: "Notifications" })).getAttribute("href")).toBe(
      "/notifications?view=all",
    );
    expect(screen.getByRole("menuitem", { name: /Notifications/ }).getAttribute("href")).toBe(
      "/notifications?view=all",
    );
  });
});
