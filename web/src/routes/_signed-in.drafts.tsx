import { createFileRoute } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { DraftsPage } from "../features/posts/components/drafts-page";

// /drafts: the reader's drafts.
export const Route = createFileRoute("/_signed-in/drafts")({
  staticData: { signIn: { title: msg("Sign in to see your drafts"), action: msg("Sign In") } },
  component: DraftsPage,
});
