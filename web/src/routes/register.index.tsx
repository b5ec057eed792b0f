import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { AuthPage } from "../features/accounts/components/auth-page";
import { RegisterForm } from "../features/accounts/components/register-form";
import { homeIfSignedIn } from "../features/accounts/guards";
import { searchParams, text } from "../lib/search-params";

export const Route = createFileRoute("/register/")({
  validateSearch: searchParams({ ref_username: text() }),
  beforeLoad: homeIfSignedIn,
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation();
  const { ref_username } = Route.useSearch();
  return (
    <AuthPage title={t("Sign Up")} subtitle={t("Join the communities you care about")}>
      <RegisterForm mode="page" refUsername={ref_username?.toLowerCase()} />
    </AuthPage>
  );
}
