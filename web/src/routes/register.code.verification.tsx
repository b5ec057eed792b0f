import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { AuthPage } from "../features/accounts/components/auth-page";
import { VerifyCodeForm } from "../features/accounts/components/verify-code-form";
import { homeIfSignedIn } from "../features/accounts/guards";
import { searchParams, text } from "../lib/search-params";

export const Route = createFileRoute("/register/code/verification")({
  validateSearch: searchParams({ email: text(), username: text() }),
  beforeLoad: homeIfSignedIn,
  component: VerificationPage,
});

function VerificationPage() {
  const { t } = useTranslation();
  const { email, username } = Route.useSearch();
  return (
    <AuthPage title={t("Verify your email")} subtitle={t("One last step")}>
      <VerifyCodeForm mode="page" email={email} username={username} />
    </AuthPage>
  );
}
