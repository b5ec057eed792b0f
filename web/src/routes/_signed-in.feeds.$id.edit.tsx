import { createFileRoute } from "@tanstack/react-router";
import { EditFeedPage } from "../features/feeds/components/edit-feed-page";

// /feeds/{id}/edit: the owner changes their feed.
export const Route = createFileRoute("/_signed-in/feeds/$id/edit")({
  component: function EditFeed() {
    const { id } = Route.useParams();
    return <EditFeedPage id={id} />;
  },
});
