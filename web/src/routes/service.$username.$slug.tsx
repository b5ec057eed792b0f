import { createFileRoute } from "@tanstack/react-router";
import { OrderServiceButton } from "../features/payments/components/order-service-button";
import { ServicePage } from "../features/services/components/service-page";

// /service/{username}/{slug}: one service of the marketplace. Ordering is the payments feature's
// button, put on the page here (docs/decisions/200).
export const Route = createFileRoute("/service/$username/$slug")({
  component: function Service() {
    const { username, slug } = Route.useParams();
    return (
      <ServicePage
        username={username}
        slug={slug}
        orderButton={(service) => <OrderServiceButton service={service} />}
      />
    );
  },
});
