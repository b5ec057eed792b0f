import { createFileRoute } from "@tanstack/react-router";
import { SavedPage } from "../features/posts/components/saved-page";

// /saved: the reader's saved posts (their bookmarks).
export const Route = createFileRoute("/_signed-in/saved")({
  component: function Saved() {
    return <SavedPage />;
  },
});
