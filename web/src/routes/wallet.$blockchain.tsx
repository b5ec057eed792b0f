import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { CoinPage } from "../features/wallet/components/coin-page";

// /wallet/{blockchain}: one chain's price, chart and balance, with Deposit and Send.
export const Route = createFileRoute("/wallet/$blockchain")({
  component: Page,
});

function Page() {
  const { blockchain } = Route.useParams();
  return (
    <SignInRequired>
      <CoinPage key={blockchain} blockchain={blockchain} />
    </SignInRequired>
  );
}
