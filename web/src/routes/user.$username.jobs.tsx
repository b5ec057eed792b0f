import { createFileRoute } from "@tanstack/react-router";
import { PersonJobs } from "../features/jobs/components/person-jobs";
import { ProfileLayout } from "../features/people/components/profile-layout";

// /user/{username}/jobs: the profile's Jobs tab.
export const Route = createFileRoute("/user/$username/jobs")({
  component: function ProfileJobs() {
    const { username } = Route.useParams();
    return (
      <ProfileLayout username={username} tab="jobs">
        {(user) => <PersonJobs user={user} />}
      </ProfileLayout>
    );
  },
});
