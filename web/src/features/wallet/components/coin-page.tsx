import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import type { TFunction } from "#client/i18n-runtime.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { ChevronLeft } from "#client/ui/icons.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import {
  type ChainInfo,
  chainFrom,
  type MarketChart,
  WALLET_MSG,
  type WalletItem,
} from "#shared/schemas/wallet.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { openModal, preloadModal } from "#web/modals.tsx";
import { formatChange, formatCoin, formatFee, formatUsd } from "../amounts";
import {
  isNotConfigured,
  marketChartQueryOptions,
  maxEstimateQueryOptions,
  walletCoinQueryOptions,
} from "../queries";
import { ChainLogo, copyAddress, WalletLoadError } from "./wallet-parts";

// uPlot and the chart load only on a coin's page.
const PriceChart = lazy(() => import("./price-chart"));

/** /wallet/{blockchain}: the coin's price and 24 h change, the balance, the day's chart, Deposit and Send. */
export function CoinPage({ blockchain }: { blockchain: string }) {
  const { t } = useTranslation();
  const chain = chainFrom(blockchain);
  if (!chain)
    return (
      <EmptyState title={t(WALLET_MSG.unsupportedSymbol)}>
        <Link to="/wallet" className="underline">
          {t("Back to the wallet")}
        </Link>
      </EmptyState>
    );
  return <CoinView chain={chain} />;
}

function CoinView({ chain }: { chain: ChainInfo }) {
  const { t } = useTranslation();
  const coin = useQuery(walletCoinQueryOptions(chain.abbreviation));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link
        to="/wallet"
        className="flex w-fit items-center gap-1 rounded text-sm text-[var(--muted)] hover:text-[var(--text)]"
      >
        <ChevronLeft width={16} height={16} /> {t("Wallet")}
      </Link>
      <header className="flex items-center gap-3">
        <ChainLogo src={chain.logo} size={48} />
        <h1 className="text-2xl font-bold">
          {chain.name} <span className="text-[var(--muted)]">{chain.symbol}</span>
        </h1>
      </header>
      {coin.isPending ? (
        <ListSkeleton rows={2} height="h-28" />
      ) : coin.isError ? (
        <WalletLoadError error={coin.error} retry={coin.refetch} />
      ) : (
        <>
          <Summary item={coin.data} />
          {chain.symbol === "BTC" ? <BitcoinMax /> : null}
          <ChartSection chain={chain} />
        </>
      )}
    </div>
  );
}

function Summary({ item }: { item: WalletItem }) {
  const { t } = useTranslation();
  const { blockchain, wallet } = item;
  const change = item.price_change_24h;
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-5" aria-label={t("Price and balance")}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-[var(--muted)]">{t("Price")}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="coin-price">
            {item.coin_price === null ? t("Price unavailable") : formatUsd(item.coin_price)}
          </p>
        </div>
        {change === null ? null : (
          <p
            className={`rounded-full px-3 py-1 text-sm font-semibold tabular-nums ${
              change >= 0
                ? "bg-[var(--success)]/15 text-[var(--success)]"
                : "bg-[var(--danger)]/15 text-[var(--danger)]"
            }`}
            data-testid="coin-change"
          >
            <span className="sr-only">{t("24 h change")}: </span>
            {formatChange(change)} <span className="font-normal text-[var(--muted)]">{t("24h")}</span>
          </p>
        )}
      </div>
      <div>
        <p className="text-sm text-[var(--muted)]">{t("Balance")}</p>
        <p className="text-xl font-semibold tabular-nums" data-testid="coin-balance">
          {formatCoin(wallet.balance_in_coin)} {blockchain.symbol}
        </p>
        {wallet.balance_in_dollar === null ? null : (
          <p className="text-sm text-[var(--muted)] tabular-nums">{formatUsd(wallet.balance_in_dollar)}</p>
        )}
      </div>
      <div>
        <p className="text-sm text-[var(--muted)]">{t("Your address")}</p>
        <p className="font-mono text-sm break-all" data-testid="coin-address">
          {wallet.address}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={() => void copyAddress(wallet.address)}>
          {t("Deposit")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onMouseEnter={() => preloadModal("SEND_CRYPTO")}
          onFocus={() => preloadModal("SEND_CRYPTO")}
          onClick={() => openModal("SEND_CRYPTO", { symbol: blockchain.symbol })}
        >
          {t("Send")}
        </button>
        <a href={wallet.scanner_link} target="_blank" rel="noopener noreferrer" className="btn btn-ghost">
          {t("Explorer")}
        </a>
      </div>
    </section>
  );
}

/** Bitcoin cannot be sent from here, but the most one could send (after the fee) is shown. */
function BitcoinMax() {
  const { t } = useTranslation();
  const max = useQuery(maxEstimateQueryOptions("BTC"));
  return (
    <section className="card p-4 text-sm" aria-label={t("Maximum to send")} data-testid="btc-max">
      {max.isPending ? (
        <Spinner size={18} />
      ) : max.isError ? (
        <p className="text-[var(--muted)]">
          {isNotConfigured(max.error)
            ? t("The wallet is not configured on this server.")
            : t("This could not be loaded.")}
        </p>
      ) : (
        <p>
          {t("You can send up to {{amount}} BTC (fee {{fee}} BTC).", {
            amount: formatCoin(max.data.max_transferable_amount),
            fee: formatFee(max.data.fee),
          })}
        </p>
      )}
      <p className="mt-1 text-[var(--muted)]">{t(WALLET_MSG.sendOnlySolana)}</p>
    </section>
  );
}

function ChartSection({ chain }: { chain: ChainInfo }) {
  const { t } = useTranslation();
  const chart = useQuery(marketChartQueryOptions(chain.coin_id));
  return (
    <section className="card flex flex-col gap-2 p-4" aria-labelledby="price-chart-title">
      <h2 id="price-chart-title" className="font-semibold">
        {t("Last 24 hours")}
      </h2>
      {chart.isPending ? (
        <div className="h-60 animate-pulse rounded-lg bg-[var(--surface-strong)]" />
      ) : chart.isError ? (
        <p className="text-sm text-[var(--muted)]">
          {isNotConfigured(chart.error)
            ? t("Prices are not configured on this server.")
            : t("This could not be loaded.")}
        </p>
      ) : chart.data.prices.length < 2 ? (
        <p className="text-sm text-[var(--muted)]">{t("No prices for the last day yet.")}</p>
      ) : (
        <>
          <p className="sr-only" data-testid="chart-summary">
            {chartSummary(chart.data, chain, t)}
          </p>
          <Suspense fallback={<div className="h-60" />}>
            <PriceChart prices={chart.data.prices} label={chain.symbol} />
          </Suspense>
        </>
      )}
    </section>
  );
}

/** The chart in words, for those who cannot see it: where the day began and ended, its low and high. */
function chartSummary(chart: MarketChart, chain: ChainInfo, t: TFunction): string {
  const values = chart.prices.map(([, price]) => price);
  const first = values[0] ?? 0;
  const last = values[values.length - 1] ?? 0;
  return t(
    "{{name}} over the last 24 hours: from {{first}} to {{last}} ({{change}}), low {{low}}, high {{high}}.",
    {
      name: chain.name,
      first: formatUsd(first),
      last: formatUsd(last),
      change: formatChange(first === 0 ? 0 : (last - first) / first),
      low: formatUsd(Math.min(...values)),
      high: formatUsd(Math.max(...values)),
    },
  );
}
