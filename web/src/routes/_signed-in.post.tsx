import { createFileRoute } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { CreatePostPage } from "../features/posts/components/create-post-page";
import { searchParams, text } from "../lib/search-params";

// /post: ?community_name= preselects (and joins) a community, ?draft= opens a draft.
export const Route = createFileRoute("/_signed-in/post")({
  staticData: { signIn: { title: msg("Sign in to write a post"), action: msg("Sign In") } },
  validateSearch: searchParams({ community_name: text(), draft: text() }),
  component: Page,
});

function Page() {
  const { community_name, draft } = Route.useSearch();
  return <CreatePostPage key={draft ?? "new"} communityName={community_name} draftId={draft} />;
}
