import { queryOptions } from "@tanstack/react-query";
import type { ChainInfo, WalletSymbol } from "#shared/schemas/wallet.ts";
import { ApiError, api } from "#web/lib/api.ts";

// The wallet's reads. Every query is `meta: { silent: true }`: its screen says itself what went
// wrong (a 503 "… is not configured" says so plainly, with no red notice on top).

export const walletKeys = {
  root: ["wallet"] as const,
  list: () => [...walletKeys.root, "list"] as const,
  coin: (abbreviation: string) => [...walletKeys.root, "coin", abbreviation] as const,
  max: (symbol: WalletSymbol, to?: string) => [...walletKeys.root, "max", symbol, to ?? null] as const,
  recipient: (symbol: WalletSymbol, to: string) => [...walletKeys.root, "recipient", symbol, to] as const,
  chart: (coin: string) => ["coin-chart", coin] as const,
};

/**
 * The server answers 503 `not_configured` while a wallet source (key, RPC, price API) is missing
 * from its configuration; a 503 `unavailable` (a network not answering) is a passing failure.
 */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === "not_configured";
}

/** Network and server failures are tried once more; a 4xx or a missing configuration would answer the same. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !isNotConfigured(error) && !(error instanceof ApiError && error.status < 500);

/** One row per chain: balance in coin and dollars, address, scanner link. */
export const walletListQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.list(),
    meta: { silent: true },
    queryFn: ({ signal }) => api.get("/api/v1/private/user/payment/blockchain/wallet/list", { signal }),
    staleTime: 30_000,
    retry,
  });

/** One chain's wallet: the same row, with the price and its 24 h change. */
export const walletCoinQueryOptions = (abbreviation: string) =>
  queryOptions({
    queryKey: walletKeys.coin(abbreviation),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get("/api/v1/private/user/payment/blockchain/wallet/coin", { query: { abbreviation }, signal }),
    staleTime: 30_000,
    retry,
  });

/**
 * The most one can send now: the balance less the fee. For SOL with a checked recipient `to`, a
 * new account's rent-exempt minimum counts too.
 */
export const maxEstimateQueryOptions = (symbol: WalletSymbol, to?: string) =>
  queryOptions({
    queryKey: walletKeys.max(symbol, to),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get(
        symbol === "BTC"
          ? "/api/v1/private/user/payment/blockchain/bitcoin/estimate/send/coin/max"
          : "/api/v1/private/user/payment/blockchain/solana/estimate/send/coin/max",
        {
          query: { to },
          signal,
        },
      ),
    staleTime: 15_000,
    retry: false,
  });

/**
 * Whether a recipient (an address of the chain or an Agora username) can receive: the answer for
 * one text is kept, so going back to a checked text asks nothing again.
 */
export const recipientQueryOptions = (symbol: WalletSymbol, to: string) =>
  queryOptions({
    queryKey: walletKeys.recipient(symbol, to),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.post("/api/v1/private/user/payment/blockchain/validate/to", { body: { to, symbol }, signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The last day of a coin's price in USD, served and cached by the Worker. */
export const marketChartQueryOptions = (coin: ChainInfo["coin_id"]) =>
  queryOptions({
    queryKey: walletKeys.chart(coin),
    meta: { silent: true },
    queryFn: ({ signal }) =>
      api.get("/api/v1/coin/market-chart", {
        query: { coin, vs_currency: "usd", days: 1 },
        signal,
      }),
    staleTime: 60_000,
    retry,
  });
