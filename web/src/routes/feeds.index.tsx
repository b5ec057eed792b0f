import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { FeedsPage } from "../features/feeds/components/feeds-page";

// /feeds: the reader's own feeds (docs/decisions/149).
export const Route = createFileRoute("/feeds/")({
  component: function Feeds() {
    return (
      <SignInRequired>
        <FeedsPage />
      </SignInRequired>
    );
  },
});
