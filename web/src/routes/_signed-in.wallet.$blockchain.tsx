import { createFileRoute } from "@tanstack/react-router";
import { CoinPage } from "../features/wallet/components/coin-page";

// /wallet/{blockchain}: one chain's price, chart and balance, with Deposit and Send.
export const Route = createFileRoute("/_signed-in/wallet/$blockchain")({
  component: Page,
});

function Page() {
  const { blockchain } = Route.useParams();
  return <CoinPage key={blockchain} blockchain={blockchain} />;
}
