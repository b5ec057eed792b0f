import { createFileRoute } from "@tanstack/react-router";
import { FeedForm } from "../features/feeds/components/feed-form";

// /feeds/new: make a feed of communities and people.
export const Route = createFileRoute("/_signed-in/feeds/new")({
  component: function NewFeed() {
    return <FeedForm />;
  },
});
