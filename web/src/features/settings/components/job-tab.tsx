import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { SettingSwitch } from "./setting-switch";

/** The job settings tab: a title, up to five skills, the résumé, and services. */
export function JobTab({
  me,
  jobProfile,
  resume,
}: {
  me: Me;
  /** The title and skills (the people feature's form). */
  jobProfile: ReactNode;
  /** The résumé (the jobs feature's section). */
  resume: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {jobProfile}
      {resume}
      <SettingsSection title={t("Services")}>
        <SettingSwitch
          me={me}
          setting="SERVICE_PROVIDER"
          label={t("I offer services")}
          description={t("Show that people can hire you through the marketplace.")}
        />
        {me.settings.SERVICE_PROVIDER ? (
          <p className="py-3 text-sm">
            <Link to="/services/manage" className="font-medium text-[var(--accent)] hover:underline">
              {t("Manage your services")}
            </Link>
          </p>
        ) : null}
      </SettingsSection>
    </div>
  );
}
