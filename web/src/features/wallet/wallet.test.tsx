import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConfirmHost } from "#client/ui/confirm.tsx";
import { clearSnackbars, SnackbarHost } from "#client/ui/snackbar.tsx";
import type { WalletItem } from "#shared/schemas/wallet.ts";
import { renderInApp } from "#web/components/testing.tsx";
import { formatChange, formatFee, formatUsd } from "./amounts";
import SendCryptoDialog from "./components/send-crypto-dialog";
import { WalletPage } from "./components/wallet-page";

const SOL: WalletItem = {
  website_link: "https://solana.com",
  blockchain: {
    name: "Solana",
    symbol: "SOL",
    abbreviation: "sol",
    logo: "/chains/solana.svg",
    coin_id: "solana",
    decimals: 9,
    can_send: true,
  },
  wallet: {
    address: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    balance_in_coin: "1.5",
    balance_in_dollar: "225.38",
    scanner_link: "https://explorer.solana.com/address/9xQe",
  },
  coin_price: "150.25",
  price_change_24h: 0.024,
  minimum_coin_transfer_amount: "0.0001",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Route = (url: string, init: RequestInit | undefined) => Response | undefined;

/** Answers the dialog's calls by path; records every request. */
function api(route: Route) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith("/api/v1/private/user/payment/blockchain/wallet/coin")) return json(SOL);
    return route(url, init) ?? json({ detail: "not found" }, 404);
  });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;

function renderWithQueries(node: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      {node}
      <ConfirmHost />
      <SnackbarHost />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearSnackbars();
});

describe("amounts", () => {
  it("formats dollars, fees and the 24 h change as the spec asks", () => {
    expect(formatFee("0.000005", "en")).toBe("0.000005");
    expect(formatUsd("225.375", "en")).toBe("$225.38");
    expect(formatChange(-0.0235, "en")).toBe("-2.35%");
    expect(formatChange(0.024, "en")).toBe("+2.40%");
  });
});

describe("the send crypto dialog", () => {
  it("refuses amounts under the minimum or over the balance with the spec's messages", async () => {
    const fetch = api(() => undefined);
    renderWithQueries(<SendCryptoDialog onClose={() => {}} symbol="SOL" />);
    const amount = await screen.findByLabelText(/^Amount \(SOL\)/);
    fireEvent.change(screen.getByLabelText(/^Recipient/), { target: { value: "gus" } });
    fireEvent.change(amount, { target: { value: "0.00001" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getAllByText("Amount must be at least 0.0001 SOL").length).toBeGreaterThan(0);
    fireEvent.change(amount, { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      screen.getAllByText("Use an amount less than or equal to your balance: 1.5 SOL").length,
    ).toBeGreaterThan(0);
    expect(fetch.mock.calls.map(([url]) => String(url)).some((u) => u.includes("estimate"))).toBe(false);
  });

  it("checks the recipient once 3 characters have stood still for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = api((url, init) =>
      url.endsWith("/validate/to")
        ? json({
            is_valid: false,
            detail: `${bodyOf(init).to} is invalid`,
            code: "invalid_recipient",
            address: null,
            username: null,
            is_new_account: null,
          })
        : undefined,
    );
    renderWithQueries(<SendCryptoDialog onClose={() => {}} symbol="SOL" />);
    const recipient = await screen.findByLabelText(/^Recipient/);
    const validations = () => fetch.mock.calls.filter(([url]) => String(url).endsWith("/validate/to"));
    fireEvent.change(recipient, { target: { value: "ab" } });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(validations()).toHaveLength(0);
    fireEvent.change(recipient, { target: { value: "abc" } });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(validations()).toHaveLength(0);
    fireEvent.change(recipient, { target: { value: "abcd" } });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(screen.getByText("abcd is invalid")).toBeTruthy());
    expect(validations()).toHaveLength(1);
    expect(bodyOf(validations()[0]![1])).toEqual({ to: "abcd", symbol: "SOL" });
  });

  it("estimates, shows the fee with 6 decimals, goes back, and confirms once per step with one key", async () => {
    let confirms = 0;
    const fetch = api((url, init) => {
      if (url.endsWith("/validate/to"))
        return json({
          is_valid: true,
          detail: null,
          code: null,
          address: "Recip1ent",
          username: "gus",
          is_new_account: false,
        });
      if (url.endsWith("/solana/estimate/send/coin"))
        return json({
          total_amount: "0.250005",
          transferable: "0.25",
          fee: "0.000005",
          fee_in_dollar: "0.00",
          to_address: "Recip1ent",
          is_new_account: false,
        });
      if (url.endsWith("/solana/confirm/send/coin")) {
        confirms += 1;
        // The first try fails on the way: the retry must carry the same key.
        return confirms === 1
          ? json(
              { detail: "The Solana network is not answering. Try again in a minute.", code: "unavailable" },
              503,
            )
          : json({ tx: "5igNaTuRe", link: "https://explorer.solana.com/tx/5igNaTuRe" });
      }
      void init;
      return undefined;
    });
    const onClose = vi.fn();
    renderWithQueries(<SendCryptoDialog onClose={onClose} symbol="SOL" />);
    fireEvent.change(await screen.findByLabelText(/^Recipient/), { target: { value: "gus" } });
    fireEvent.change(screen.getByLabelText(/^Amount \(SOL\)/), { target: { value: "0.25" } });
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("confirm-step")).toBeTruthy();
    expect(screen.getByTestId("send-fee").textContent).toContain("0.000005 SOL");

    // The back arrow returns to the estimation step with what was typed.
    fireEvent.click(screen.getAllByRole("button", { name: "Back" })[0]!);
    expect((screen.getByLabelText(/^Amount \(SOL\)/) as HTMLInputElement).value).toBe("0.25");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByTestId("confirm-step");

    const keys = () =>
      fetch.mock.calls
        .filter(([url]) => String(url).endsWith("/confirm/send/coin"))
        .map(([, init]) => bodyOf(init).idempotency_key);
    const confirmOnce = async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
      const question = await screen.findByTestId("confirm-dialog");
      fireEvent.click(question.querySelector(".btn-primary")!);
    };
    await confirmOnce();
    await waitFor(() => expect(keys()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole("button", { name: "Confirm" })).toBeTruthy());
    await confirmOnce();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toMatch(/^[\w-]{8,100}$/);
    expect(keys()[1]).toBe(keys()[0]);
    expect(
      bodyOf(fetch.mock.calls.find(([u]) => String(u).endsWith("/confirm/send/coin"))![1]),
    ).toMatchObject({
      to: "gus",
      amount: "0.25",
    });
    const result = await screen.findByRole("link", { name: "View transaction" });
    expect(result.getAttribute("href")).toBe("https://explorer.solana.com/tx/5igNaTuRe");
  });

  it("prompts a deposit at zero balance, and other chains say sending is Solana only", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) =>
      String(input).includes("/wallet/coin")
        ? json({ ...SOL, wallet: { ...SOL.wallet, balance_in_coin: "0", balance_in_dollar: "0.00" } })
        : json({ detail: "no" }, 404),
    );
    const { unmount } = renderWithQueries(<SendCryptoDialog onClose={() => {}} symbol="SOL" />);
    expect(
      await screen.findByText("Your balance is empty. Deposit some SOL to your wallet first."),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Deposit" })).toBeTruthy();
    unmount();
    renderWithQueries(<SendCryptoDialog onClose={() => {}} symbol="ETH" />);
    expect(screen.getByText("Sending is available only for Solana")).toBeTruthy();
  });
});

describe("the wallet page", () => {
  it("lists each chain with its balance in coin and dollars", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ list: [SOL] }));
    await renderInApp(<WalletPage />);
    const row = await screen.findByTestId("wallet-row");
    expect(row.textContent).toContain("Solana");
    expect(screen.getByTestId("balance-coin").textContent).toBe("1.5 SOL");
    expect(screen.getByTestId("balance-usd").textContent).toBe("$225.38");
    expect(screen.getByRole("link", { name: "Solana wallet on the explorer" }).getAttribute("href")).toBe(
      SOL.wallet.scanner_link,
    );
  });

  it("says plainly when the server has no wallet configuration", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      json({ detail: "Wallet is not configured", code: "not_configured" }, 503),
    );
    await renderInApp(<WalletPage />);
    expect(await screen.findByText("The wallet is not configured on this server.")).toBeTruthy();
  });

  it("tells a network that is not answering apart from a missing configuration", async () => {
    const detail = "The Solana network is not answering. Try again in a minute.";
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({ detail, code: "unavailable" }, 503));
    await renderInApp(<WalletPage />);
    expect(await screen.findByText(detail, {}, { timeout: 3_000 })).toBeTruthy();
    expect(screen.queryByText("The wallet is not configured on this server.")).toBeNull();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
