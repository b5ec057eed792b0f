import { createFileRoute } from "@tanstack/react-router";
import { FeedsPage } from "../features/feeds/components/feeds-page";

// /feeds: the reader's own feeds (docs/decisions/149).
export const Route = createFileRoute("/_signed-in/feeds/")({
  component: function Feeds() {
    return <FeedsPage />;
  },
});
