import { createFileRoute } from "@tanstack/react-router";
import { BookmarksPage } from "../features/posts/components/bookmarks-page";

// /saved: the reader's saved posts (their bookmarks).
export const Route = createFileRoute("/_signed-in/saved")({
  component: function Saved() {
    return <BookmarksPage />;
  },
});
