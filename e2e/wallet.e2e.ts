import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { lane } from "./lane";
import { accessToken, signIn } from "./sign-in";

// The wallet as a person uses it, against the chain stand-ins the e2e server is pointed at
// (test-support/stand-ins: Solana JSON-RPC on litesvm, Ethereum JSON-RPC, Esplora, CoinGecko's prices):
// balances on /wallet, a coin's page with its chart, and sending SOL to another person by username,
// which lands on the chain and in the payment history. carmen sends, hana receives.

const BLOCKCHAIN = "/api/v1/private/user/payment/blockchain";
const LAMPORTS_PER_SOL = 1_000_000_000;

interface Coin {
  wallet: { address: string; balance_in_coin: string };
}

async function coin(request: APIRequestContext, token: string, abbreviation: string): Promise<Coin> {
  const res = await request.get(`${BLOCKCHAIN}/wallet/coin?abbreviation=${abbreviation}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as Coin;
}

/** Funds an address on the Solana stand-in, as a faucet would. */
async function airdrop(address: string, sol: number) {
  const res = await fetch(lane().solanaRpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "requestAirdrop",
      params: [address, sol * LAMPORTS_PER_SOL],
    }),
  });
  const body = (await res.json()) as { error?: unknown };
  expect(body.error).toBeUndefined();
}

/** Sets balances on the Ethereum and Bitcoin stand-ins. */
async function fundChains(patch: { eth?: Record<string, string>; btc?: Record<string, number> }) {
  const res = await fetch(`${lane().chainApisUrl}/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  expect(res.ok).toBe(true);
}

async function sendDialog(p: Page) {
  await p.getByRole("button", { name: "Send", exact: true }).click();
  const dialog = p.getByRole("dialog", { name: "Send SOL" });
  await dialog.waitFor();
  return dialog;
}

describe("wallet", () => {
  const { page } = useBrowser();

  it("shows each chain's balance in coin and dollars, and a coin's page with its chart", async () => {
    const { page: p, context, errors } = await page();
    const token = await signIn(context, "carmen");
    const request = context.request;
    const [sol, eth, btc] = await Promise.all(["sol", "eth", "btc"].map((a) => coin(request, token, a)));
    await airdrop(sol!.wallet.address, 2);
    await fundChains({
      eth: { [eth!.wallet.address.toLowerCase()]: (3n * 10n ** 17n).toString() },
      btc: { [btc!.wallet.address]: 50_000_000 },
    });

    await p.goto("/wallet");
    await p.getByRole("heading", { name: "Wallet", level: 1 }).waitFor();
    const row = (symbol: string) => p.locator(`[data-testid=wallet-row][data-symbol=${symbol}]`);
    // Prices of the stand-in: SOL $150.25, ETH $3,120.50, BTC $64,250.12.
    await expect.poll(() => row("SOL").getByTestId("balance-coin").textContent()).toBe("2 SOL");
    expect(await row("SOL").getByTestId("balance-usd").textContent()).toBe("$300.50");
    expect(await row("ETH").getByTestId("balance-coin").textContent()).toBe("0.3 ETH");
    expect(await row("ETH").getByTestId("balance-usd").textContent()).toBe("$936.15");
    expect(await row("BTC").getByTestId("balance-coin").textContent()).toBe("0.5 BTC");
    expect(await row("BTC").getByTestId("balance-usd").textContent()).toBe("$32,125.06");
    for (const symbol of ["BTC", "ETH", "SOL"]) {
      expect(await row(symbol).locator("img").getAttribute("src")).toMatch(/^\/chains\/\w+\.svg$/);
      expect(
        await row(symbol)
          .getByRole("link", { name: /on the explorer$/ })
          .getAttribute("href"),
      ).toMatch(/^https:\/\//);
    }

    await row("SOL").locator('a[href="/wallet/sol"]').click();
    await p.waitForURL(/\/wallet\/sol$/);
    await p.getByRole("heading", { name: /Solana/, level: 1 }).waitFor();
    expect(await p.getByTestId("coin-price").textContent()).toBe("$150.25");
    expect(await p.getByTestId("coin-change").textContent()).toContain("+2.40%");
    expect(await p.getByTestId("coin-balance").textContent()).toBe("2 SOL");
    expect(await p.getByTestId("coin-address").textContent()).toBe(sol!.wallet.address);
    // The chart: uPlot's canvas, drawn in the rising colour, and the same day in words.
    await p.locator("[data-testid=price-chart] canvas").first().waitFor();
    // uPlot's styles come with the chart (the site has one stylesheet): its overlay lies on the canvas.
    expect(
      await p
        .locator("[data-testid=price-chart] .u-over")
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe("absolute");
    expect(await p.getByTestId("chart-summary").textContent()).toMatch(
      /^Solana over the last 24 hours: from \$[\d,.]+ to \$150\.25 \(\+2\.40%\)/,
    );

    // Deposit copies the address and says so.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await p.getByRole("button", { name: "Deposit" }).click();
    await p.getByText("Saved the text to clipboard").waitFor();
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(sol!.wallet.address);

    // Bitcoin shows the most it could send, and only Solana sends.
    await p.goto("/wallet/btc");
    await p
      .getByTestId("btc-max")
      .getByText(/You can send up to [\d.]+ BTC/)
      .waitFor();
    await p.getByRole("button", { name: "Send", exact: true }).click();
    const btcDialog = p.getByRole("dialog", { name: "Send BTC" });
    await btcDialog.getByText("Sending is available only for Solana").waitFor();
    expect(errors).toEqual([]);
  });

  it("validates a recipient, refuses amounts, and sends SOL to a person by username", async () => {
    const { page: p, context, errors } = await page();
    const token = await signIn(context, "carmen");
    const request = context.request;
    const hanaToken = await accessToken("hana");
    const before = await coin(request, hanaToken, "sol");
    const { wallet } = await coin(request, token, "sol");
    if (Number(wallet.balance_in_coin) < 1) await airdrop(wallet.address, 2);
    const mine = await coin(request, token, "sol");

    await p.goto("/wallet/sol");
    await p.getByTestId("coin-balance").waitFor();
    const dialog = await sendDialog(p);
    const recipient = dialog.getByLabel(/^Recipient/);
    const amount = dialog.getByLabel(/^Amount \(SOL\)/);
    // Focus moves into the dialog.
    await expect.poll(() => recipient.evaluate((el) => el === document.activeElement)).toBe(true);

    await recipient.fill("nobody-here");
    await dialog.getByText("nobody-here is invalid").waitFor({ timeout: 10_000 });
    await recipient.fill("hana");
    await dialog.getByTestId("recipient-ok").getByText("Sends to @hana").waitFor({ timeout: 10_000 });

    await amount.fill("0.00001");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByText("Amount must be at least 0.0001 SOL").waitFor();
    await amount.fill("5000");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByText(/^Use an amount less than or equal to your balance: [\d.]+ SOL$/).waitFor();

    await amount.fill("0.5");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByTestId("confirm-step").waitFor();
    expect(await dialog.getByTestId("send-fee").textContent()).toMatch(/^0\.000005 SOL/);
    // The back arrow returns to the estimate with what was typed, and forward again.
    await dialog.getByRole("button", { name: "Back" }).first().click();
    expect(await amount.inputValue()).toBe("0.5");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByTestId("confirm-step").waitFor();

    await dialog.getByRole("button", { name: "Confirm" }).click();
    const question = p.getByRole("alertdialog");
    await question.getByRole("button", { name: "Send" }).click();
    const result = p.getByRole("link", { name: "View transaction" });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.getAttribute("href")).toMatch(/^https:\/\/.+\/tx\/\w{64,88}/);
    await dialog.waitFor({ state: "detached" });

    // The wallet is read again: the sender paid 0.5 SOL and the fee; hana received 0.5 SOL.
    const left = Number((Number(mine.wallet.balance_in_coin) - 0.5 - 0.000005).toFixed(9));
    await expect.poll(() => p.getByTestId("coin-balance").textContent()).toBe(`${left} SOL`);
    const after = await coin(request, hanaToken, "sol");
    expect(Number(after.wallet.balance_in_coin)).toBeCloseTo(Number(before.wallet.balance_in_coin) + 0.5, 9);
    expect(errors).toEqual([]);
  });

  // The payment history is the payments feature's call (branch pay); the wallet writes the row.
  it("lists the send in the sender's payment history as a crypto payment", async () => {
    const { context } = await page();
    const request = context.request;
    const token = await accessToken("carmen");
    const history = await request.get("/api/v1/private/user/payment/history/list?skip=0&limit=12", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(history.status()).toBe(200);
    const { list } = (await history.json()) as {
      list: Array<{
        payment_method: string;
        amount_paid: number;
        currency: string;
        user_is_payer: boolean;
      }>;
    };
    const entry = list.find((row) => row.payment_method === "CRYPTO");
    expect(entry).toMatchObject({ currency: "SOL", user_is_payer: true });
    // 0.5 SOL, in lamports: amounts are integers of the currency's smallest unit.
    expect(entry!.amount_paid).toBe(500_000_000);
  });
});
