import { createFileRoute } from "@tanstack/react-router";
import { useMe } from "#web/lib/session.ts";
import { ProfileLayout } from "../features/people/components/profile-layout";
import { ProfilePosts } from "../features/people/components/profile-posts";
import { profileQueryOptions } from "../features/people/queries";
import { PostCard } from "../features/posts/components/post-card";
import { seedQuery, takeFirstScreen } from "../lib/first-screen";
import { oneOf, searchParams } from "../lib/search-params";

// /user/{username}: the profile and its posts, New or Top (each the posts feature's card).
export const Route = createFileRoute("/user/$username/")({
  validateSearch: searchParams({ sort: oneOf(["new", "top"]) }),
  // The profile the page came with (lib/first-screen.ts), in the cache before the page renders.
  loader: ({ context: { queryClient }, params }): void => {
    const username = params.username.toLowerCase();
    const profile = takeFirstScreen("profile");
    if (profile?.username.toLowerCase() === username)
      seedQuery(queryClient, profileQueryOptions(username).queryKey, profile);
  },
  component: ProfilePage,
});

function ProfilePage() {
  const { username } = Route.useParams();
  const { sort } = Route.useSearch();
  const { me } = useMe();
  // Without a choice in the address, the reader's own default sort applies.
  const chosen = sort ?? (me?.default_micropost_sort === "TOP" ? "top" : "new");
  return (
    <ProfileLayout username={username} tab="posts">
      {(user) => (
        <ProfilePosts
          user={user}
          sort={chosen === "top" ? "TOP" : "NEW"}
          postCard={(item) => <PostCard item={item} />}
        />
      )}
    </ProfileLayout>
  );
}
