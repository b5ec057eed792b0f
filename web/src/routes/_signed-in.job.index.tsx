import { createFileRoute } from "@tanstack/react-router";
import { JobFormPage } from "../features/jobs/components/job-form-page";

// /job: the job form (Create Job); a visitor gets the login dialog.
export const Route = createFileRoute("/_signed-in/job/")({
  component: () => <JobFormPage />,
});
