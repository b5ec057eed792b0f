import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { EditFeedPage } from "../features/feeds/components/edit-feed-page";

// /feeds/{id}/edit: the owner changes their feed.
export const Route = createFileRoute("/feeds/$id/edit")({
  component: function EditFeed() {
    const { id } = Route.useParams();
    return (
      <SignInRequired>
        <EditFeedPage id={id} />
      </SignInRequired>
    );
  },
});
