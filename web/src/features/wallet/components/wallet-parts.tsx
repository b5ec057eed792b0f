import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { WALLET_MSG } from "#shared/schemas/wallet.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { i18n } from "#web/i18n/i18n.ts";
import { isNotConfigured } from "../queries";

/** A chain's logo, served by this site (public/chains), decorative next to its name. */
export function ChainLogo({ src, size = 40 }: { src: string; size?: number }) {
  return <img src={src} alt="" width={size} height={size} className="shrink-0 rounded-full" />;
}

/** Why the wallet could not load: "not configured on this server" for a 503, else the reason and a retry. */
export function WalletLoadError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  if (isNotConfigured(error))
    return (
      <EmptyState title={t("The wallet is not configured on this server.")} home={false} as="h2">
        {t("Balances and sending come back once the server's wallet settings are in place.")}
      </EmptyState>
    );
  return <LoadError error={error} retry={retry} />;
}

/**
 * Deposit: copies the wallet's address, which anyone can send coins to, and says so. Where the
 * clipboard is refused, the notice shows the address itself to copy by hand.
 */
export async function copyAddress(address: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(address);
    showSnackbar({ message: i18n.t(WALLET_MSG.depositNotice), variant: "success" });
  } catch {
    showSnackbar({ message: i18n.t("Your wallet address: {{address}}", { address }), variant: "info" });
  }
}
