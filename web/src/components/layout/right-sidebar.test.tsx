import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearToken, setToken } from "#web/lib/auth-token.ts";
import { renderInApp } from "../testing";
import { RightSidebar } from "./right-sidebar";

const FEATURED = [
  { id: 1, link: "/account/subscription", title: "Get verified", subtitle: "A mark", image: "/a.png" },
  { id: 2, link: "/jobs", title: "Find a job", subtitle: "Jobs", image: "/b.png" },
];

const PAYMENTS = {
  stripe_publishable_key: "pk_test_x",
  paypal_client_id: null,
  paypal_plan_id_user: null,
  paypal_plan_id_business: null,
  prices: { USER: 1000, BUSINESS: 10000 },
};

function server(me: Record<string, unknown> | null, payments: Record<string, unknown> = PAYMENTS) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith("/api/v1/payment/config")) return Response.json(payments);
    if (url.startsWith("/api/v1/featured/main/list")) return Response.json({ list: FEATURED });
    if (url.startsWith("/api/v1/community/list")) return Response.json({ list: [] });
    if (url.startsWith("/api/v1/private/user/auth/me") && me) return Response.json(me);
    return Response.json({ detail: "unexpected" }, { status: 500 });
  });
}

afterEach(() => {
  clearToken();
  vi.restoreAllMocks();
});

describe("the right sidebar's subscribe prompts", () => {
  it("are offered to a person who is not verified", async () => {
    setToken("test-token");
    server({ username: "ana", is_staff: false, is_verified_user: false, is_verified_business: false });
    await renderInApp(<RightSidebar />);
    await screen.findByTestId("subscribe-prompt");
    await screen.findByText("Find a job");
    expect(screen.getByRole("link", { name: /Get verified/ })).toBeTruthy();
  });

  it("are hidden where the server takes no money, the featured card too", async () => {
    setToken("test-token");
    server(
      { username: "ana", is_staff: false, is_verified_user: false, is_verified_business: false },
      { ...PAYMENTS, stripe_publishable_key: null },
    );
    await renderInApp(<RightSidebar />);
    await screen.findByText("Find a job");
    expect(screen.queryByTestId("subscribe-prompt")).toBeNull();
    expect(screen.queryByText("Get verified")).toBeNull();
  });

  it("are hidden from verified people and staff, the featured card too", async () => {
    setToken("test-token");
    server({ username: "sam", is_staff: true, is_verified_user: false, is_verified_business: false });
    await renderInApp(<RightSidebar />);
    await screen.findByText("Find a job");
    expect(screen.queryByTestId("subscribe-prompt")).toBeNull();
    expect(screen.queryByText("Get verified")).toBeNull();
  });

  it("are hidden on the subscription page, which has its own Subscribe box", async () => {
    server(null);
    await renderInApp(<RightSidebar />, { path: "/account/subscription" });
    await screen.findByText("Find a job");
    expect(screen.queryByTestId("subscribe-prompt")).toBeNull();
  });

  it("keep the featured block's room while it loads", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() => new Promise(() => {}));
    await renderInApp(<RightSidebar />);
    expect(screen.getByTestId("featured-placeholder")).toBeTruthy();
  });
});
