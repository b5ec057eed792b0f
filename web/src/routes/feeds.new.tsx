import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { FeedForm } from "../features/feeds/components/feed-form";

// /feeds/new: make a feed of communities and people.
export const Route = createFileRoute("/feeds/new")({
  component: function NewFeed() {
    return (
      <SignInRequired>
        <FeedForm />
      </SignInRequired>
    );
  },
});
