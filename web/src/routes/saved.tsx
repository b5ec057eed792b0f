import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { SavedPage } from "../features/posts/components/saved-page";

// /saved: the reader's saved posts (their bookmarks).
export const Route = createFileRoute("/saved")({
  component: function Saved() {
    return (
      <SignInRequired>
        <SavedPage />
      </SignInRequired>
    );
  },
});
