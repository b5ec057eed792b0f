import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { AuthPage } from "../features/accounts/components/auth-page";
import { ConfirmEmailForm } from "../features/accounts/components/confirm-email-form";
import { searchParams, text } from "../lib/search-params";

// After asking to change the e-mail (Settings, account tab), signed out: the code step.
export const Route = createFileRoute("/email/confirm")({
  validateSearch: searchParams({ email: text() }),
  component: ConfirmEmailPage,
});

function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { email } = Route.useSearch();
  return (
    <AuthPage title={t("Confirm your new email")} subtitle={t("One last step")}>
      <ConfirmEmailForm email={email} />
    </AuthPage>
  );
}
