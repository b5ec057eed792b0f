import { createFileRoute } from "@tanstack/react-router";
import { ConnectionList } from "../features/people/components/connection-list";
import { ProfileLayout } from "../features/people/components/profile-layout";

// /user/{username}/following.
export const Route = createFileRoute("/user/$username/following")({
  component: function FollowingPage() {
    const { username } = Route.useParams();
    return (
      <ProfileLayout username={username} tab="following">
        {(user) => <ConnectionList user={user} tab="following" />}
      </ProfileLayout>
    );
  },
});
