import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaymentConfig } from "#shared/schemas/payments.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { PlansPage } from "#web/features/content/components/plans-page.tsx";
import { clearToken, setToken } from "#web/lib/auth-token.ts";
import SendFiatDialog from "./components/send-fiat-dialog";
import { SubscriptionConfirmedPage } from "./components/subscription-confirmed-page";
import SubscriptionPaymentDialog from "./components/subscription-payment-dialog";

afterEach(() => vi.restoreAllMocks());

const NOT_CONFIGURED: PaymentConfig = {
  stripe_publishable_key: null,
  paypal_client_id: null,
  paypal_plan_id_user: null,
  paypal_plan_id_business: null,
  prices: { USER: 1000, BUSINESS: 10000 },
};
const CONFIGURED: PaymentConfig = { ...NOT_CONFIGURED, stripe_publishable_key: "pk_test_x" };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The server's answers by path: the payment config, then whatever `more` says. */
function server(
  config: PaymentConfig,
  more: (url: string, init?: RequestInit) => Response | undefined = () => undefined,
) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/payment/config")) return json(config);
    return more(url, init) ?? json({ detail: "unexpected" }, 500);
  });
}

function wrap(children: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe("money screens without provider keys", () => {
  it("say plainly that payments are not configured", async () => {
    server(NOT_CONFIGURED);
    wrap(<SendFiatDialog onClose={() => {}} username="ana" />);
    await screen.findByText("Payments are not configured on this server.");
    expect(screen.queryByLabelText(/^Amount/)).toBeNull();
  });

  it("the plans page's Subscribe buttons are off before anyone clicks, and say why", async () => {
    server(NOT_CONFIGURED, (url) =>
      url.startsWith("/api/v1/membership/plan/list")
        ? json({
            list: [
              {
                membership_type: "USER",
                name: "User",
                price: 10,
                currency: "USD",
                interval: "month",
                features: [],
              },
            ],
          })
        : undefined,
    );
    await renderInApp(<PlansPage />);
    await screen.findByText("Payments are not configured on this server.");
    const subscribe = screen.getByRole("button", { name: "SUBSCRIBE" }) as HTMLButtonElement;
    expect(subscribe.disabled).toBe(true);
    expect(subscribe.getAttribute("aria-describedby")).toBe("no-payments-USER");
  });

  it("the subscription dialog too, without asking for a card", async () => {
    const fetch = server(NOT_CONFIGURED);
    wrap(<SubscriptionPaymentDialog onClose={() => {}} paid_user_membership_type="USER" />);
    await screen.findByText("Payments are not configured on this server.");
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(["/api/v1/payment/config"]);
  });
});

describe("the send fiat dialog", () => {
  it("takes whole dollars of at least $2 and sends cents", async () => {
    const fetch = server(CONFIGURED, (url) =>
      url === "/api/v1/tip/stripe"
        ? json({ detail: "This person cannot receive payments yet: they have not set up payouts" }, 409)
        : undefined,
    );
    wrap(<SendFiatDialog onClose={() => {}} username="ana" />);
    const amount = await screen.findByLabelText(/^Amount \(USD\)/);
    fireEvent.change(amount, { target: { value: "1" } });
    fireEvent.blur(amount);
    expect(screen.getByText("Amount must be at least $2")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "2.5" } });
    expect(screen.getByText("Must be an integer")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "abc" } });
    expect(screen.getByText("Must be a number")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByText("This person cannot receive payments yet: they have not set up payouts");
    const call = fetch.mock.calls.find(([url]) => String(url) === "/api/v1/tip/stripe");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ username: "ana", amount: 500 });
  });
});

describe("the subscription confirmed page", () => {
  afterEach(() => {
    clearToken();
    vi.useRealTimers();
  });

  it("opened directly, with no payment behind it, thanks nobody and points to the plans", async () => {
    setToken("test-token");
    server(NOT_CONFIGURED, (url) =>
      url.startsWith("/api/v1/private/user/auth/me")
        ? json({ username: "ana", is_verified_user: false, is_verified_business: false })
        : undefined,
    );
    await renderInApp(<SubscriptionConfirmedPage />);
    await screen.findByRole("heading", { name: "There is no payment to confirm" });
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/account/subscription",
    );
  });

  it("stops waiting after a minute for an unknown subscription and says where to look, without claiming success", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setToken("test-token");
    const fetch = server(CONFIGURED, (url) =>
      url.startsWith("/api/v1/private/user/auth/me")
        ? json({ username: "ana", is_verified_user: false, is_verified_business: false })
        : undefined,
    );
    await renderInApp(<SubscriptionConfirmedPage plan="USER" subscriptionId="sub_stale" />);
    await screen.findByRole("heading", { name: "Thank you! Your payment is being confirmed" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    await screen.findByRole("heading", { name: "Your payment is not confirmed yet" });
    expect(screen.queryByText(/Thank you/)).toBeNull();
    expect(screen.getByRole("link", { name: "Check your membership" }).getAttribute("href")).toBe(
      "/account/subscription",
    );
    expect(screen.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");
    expect(screen.getByText("sub_stale")).toBeTruthy();
    const asked = fetch.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(fetch.mock.calls.length).toBe(asked);
  });
});
