import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { PageTitle } from "../../components/ui/list-page";
import { PasskeysSection } from "./passkeys-section";
import { adminFactorKey, adminTwoFactor } from "./two-factor";

/** The signed-in staff member's sign-in methods: the authenticator app (always on) and passkeys. */
export function SecurityPage() {
  const { t } = useTranslation();
  const status = useQuery({ queryKey: [...adminFactorKey, "page"], queryFn: () => adminTwoFactor.status() });
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Security")} />
      <section className="card flex flex-col gap-1 p-5" aria-labelledby="totp-title">
        <h2 id="totp-title" className="text-lg font-semibold">
          {t("Authenticator app")}
        </h2>
        <p className="text-sm" data-testid="totp-status">
          {status.data
            ? t("On. {{count}} recovery codes left.", { count: status.data.recovery_codes_left })
            : t("Loading…")}
        </p>
        <p className="text-sm text-[var(--muted)]">{t("Staff keep the authenticator app on.")}</p>
      </section>
      <PasskeysSection />
    </div>
  );
}
