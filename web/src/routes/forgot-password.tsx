import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { AuthPage } from "../features/accounts/components/auth-page";
import { ForgotPasswordForm } from "../features/accounts/components/forgot-password-form";
import { homeIfSignedIn } from "../features/accounts/guards";

export const Route = createFileRoute("/forgot-password")({
  beforeLoad: homeIfSignedIn,
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t("Forgot password")}>
      <ForgotPasswordForm mode="page" />
    </AuthPage>
  );
}
