import { createFileRoute } from "@tanstack/react-router";
import { WalletPage } from "../features/wallet/components/wallet-page";

// /wallet: one row per chain; a visitor gets the login dialog.
export const Route = createFileRoute("/_signed-in/wallet/")({
  component: () => <WalletPage />,
});
