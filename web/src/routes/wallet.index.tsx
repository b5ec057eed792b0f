import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { WalletPage } from "../features/wallet/components/wallet-page";

// /wallet: one row per chain; a visitor gets the login dialog.
export const Route = createFileRoute("/wallet/")({
  component: () => (
    <SignInRequired>
      <WalletPage />
    </SignInRequired>
  ),
});
