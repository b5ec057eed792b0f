import { createFileRoute } from "@tanstack/react-router";
import { ServicePage } from "../features/services/components/service-page";

// /service/{username}/{slug}: one service of the marketplace.
export const Route = createFileRoute("/service/$username/$slug")({
  component: function Service() {
    const { username, slug } = Route.useParams();
    return <ServicePage username={username} slug={slug} />;
  },
});
