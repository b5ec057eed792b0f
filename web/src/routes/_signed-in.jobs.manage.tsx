import { createFileRoute } from "@tanstack/react-router";
import { ManageJobsPage } from "../features/jobs/components/manage-jobs-page";

// /jobs/manage: the caller's jobs with their status; a visitor gets the login dialog.
export const Route = createFileRoute("/_signed-in/jobs/manage")({
  component: () => <ManageJobsPage />,
});
