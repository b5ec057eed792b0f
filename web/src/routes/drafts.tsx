import { createFileRoute } from "@tanstack/react-router";
import { DraftsPage } from "../features/posts/components/drafts-page";

// /drafts: the reader's drafts.
export const Route = createFileRoute("/drafts")({
  component: DraftsPage,
});
