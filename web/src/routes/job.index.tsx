import { createFileRoute } from "@tanstack/react-router";
import { SignInRequired } from "../features/accounts/components/sign-in-required";
import { JobFormPage } from "../features/jobs/components/job-form-page";

// /job: the job form (Create Job); a visitor gets the login dialog.
export const Route = createFileRoute("/job/")({
  component: () => (
    <SignInRequired>
      <JobFormPage />
    </SignInRequired>
  ),
});
