import { createFileRoute } from "@tanstack/react-router";
import { DraftsPage } from "../features/posts/components/drafts-page";

// /drafts: the reader's drafts (part 2 §2).
export const Route = createFileRoute("/drafts")({
  component: DraftsPage,
});
