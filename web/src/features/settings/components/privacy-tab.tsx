import type { ReactNode } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { SettingSwitch } from "./setting-switch";

/** Who may start a chat, whether search engines list one's pages, the people one blocked, and whether the composer asks for picture descriptions. */
export function PrivacyTab({
  me,
  blocked,
}: {
  me: Me;
  /** The people one blocked (the people feature's list), shown while the setting asks for it. */
  blocked: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SettingsSection title={t("Privacy")}>
        <SettingSwitch
          me={me}
          setting="ALLOW_NEW_CHAT"
          label={t("Allow new chats")}
          description={t("Anyone you have not blocked can start a chat with you.")}
        />
        <SettingSwitch
          me={me}
          setting="SHOW_BLOCKED_LIST"
          label={t("Show blocked list")}
          description={t("See the people you blocked, and unblock them.")}
        />
        <SettingSwitch
          me={me}
          setting="SEARCH_ENGINE_INDEXING"
          label={t("Show my profile and posts to search engines")}
          description={t(
            "Search engines may list your profile and posts. Off: your pages ask search engines not to list them, and they leave the site map.",
          )}
        />
        <SettingSwitch
          me={me}
          setting="SHOW_ONLINE"
          label={t("Show when I'm online")}
          description={t(
            "People you chat with see when you are online, and you see when they are. Off: nobody sees you online and you see nobody.",
          )}
        />
      </SettingsSection>
      <SettingsSection title={t("Accessibility")}>
        <SettingSwitch
          me={me}
          setting="REQUIRE_ALT_TEXT"
          label={t("Ask for picture descriptions")}
          description={t("Before you post a picture, describe it for people who use a screen reader.")}
        />
      </SettingsSection>
      {me.settings.SHOW_BLOCKED_LIST ? blocked : null}
    </div>
  );
}
