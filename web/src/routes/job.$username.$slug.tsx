import { createFileRoute } from "@tanstack/react-router";
import { JobPage } from "../features/jobs/components/job-page";

// /job/{username}/{slug}: one job, where the job form lands after posting.
export const Route = createFileRoute("/job/$username/$slug")({
  component: function Job() {
    const { username, slug } = Route.useParams();
    return <JobPage username={username} slug={slug} />;
  },
});
