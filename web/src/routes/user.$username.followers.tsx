import { createFileRoute } from "@tanstack/react-router";
import { ConnectionList } from "../features/people/components/connection-list";
import { ProfileLayout } from "../features/people/components/profile-layout";

// /user/{username}/followers.
export const Route = createFileRoute("/user/$username/followers")({
  component: function FollowersPage() {
    const { username } = Route.useParams();
    return (
      <ProfileLayout username={username} tab="followers">
        {(user) => <ConnectionList user={user} tab="followers" />}
      </ProfileLayout>
    );
  },
});
