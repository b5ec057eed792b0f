import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { ManageJobsPage } from "../features/jobs/components/manage-jobs-page";

// /jobs/manage: the caller's jobs with their status; a visitor gets the login dialog.
export const Route = createFileRoute("/jobs/manage")({
  component: () => (
    <SignInRequired>
      <ManageJobsPage />
    </SignInRequired>
  ),
});
