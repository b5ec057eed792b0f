import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { ChevronRight } from "#client/ui/icons.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import type { WalletItem } from "#shared/schemas/wallet.ts";
import { ExternalLinkIcon } from "#web/components/ui/account-icons.tsx";
import { formatCoin, formatUsd } from "../amounts";
import { walletListQueryOptions } from "../queries";
import { ChainLogo, WalletLoadError } from "./wallet-parts";

/** /wallet: one row per chain with its balance in the coin and in dollars, and its explorer. */
export function WalletPage() {
  const { t } = useTranslation();
  const wallets = useQuery(walletListQueryOptions());
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("Wallet")}</h1>
      {wallets.isPending ? (
        <ListSkeleton rows={3} height="h-20" />
      ) : wallets.isError ? (
        <WalletLoadError error={wallets.error} retry={wallets.refetch} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="wallet-list">
          {wallets.data.list.map((item) => (
            <li key={item.blockchain.symbol}>
              <WalletRow item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WalletRow({ item }: { item: WalletItem }) {
  const { t } = useTranslation();
  const { blockchain, wallet } = item;
  return (
    <div
      className="card flex items-center gap-2 p-2 sm:gap-3"
      data-testid="wallet-row"
      data-symbol={blockchain.symbol}
    >
      <Link
        to="/wallet/$blockchain"
        params={{ blockchain: blockchain.abbreviation }}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1.5 hover:bg-[var(--hover)] sm:p-2"
      >
        <ChainLogo src={blockchain.logo} />
        <span className="flex min-w-[4.5rem] flex-1 flex-col">
          <span className="wrap-anywhere font-semibold">{blockchain.name}</span>
          <span className="text-sm text-[var(--muted)]">{blockchain.symbol}</span>
        </span>
        <span className="flex min-w-0 flex-col items-end text-right">
          <span
            className="max-w-full wrap-anywhere text-sm font-semibold tabular-nums sm:text-base"
            data-testid="balance-coin"
          >
            {formatCoin(wallet.balance_in_coin)} {blockchain.symbol}
          </span>
          <span className="text-sm text-[var(--muted)] tabular-nums" data-testid="balance-usd">
            {wallet.balance_in_dollar === null ? t("Price unavailable") : formatUsd(wallet.balance_in_dollar)}
          </span>
        </span>
        <ChevronRight width={18} height={18} className="hidden shrink-0 text-[var(--muted)] sm:block" />
      </Link>
      <a
        href={wallet.scanner_link}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-ghost shrink-0 gap-1 px-2 text-xs"
        aria-label={t("{{name}} wallet on the explorer", { name: blockchain.name })}
      >
        <ExternalLinkIcon width={16} height={16} />
        <span className="hidden sm:inline">{t("Explorer")}</span>
      </a>
    </div>
  );
}
