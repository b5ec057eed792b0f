import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { SettingSwitch } from "./setting-switch";

/** Which notifications arrive, and the newsletter. */
export function CommunicationTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <SettingsSection title={t("Notifications")} description={t("Choose what you want to hear about.")}>
        <SettingSwitch
          me={me}
          setting="NEW_FOLLOWER_NOTIFICATION"
          label={t("New followers")}
          description={t("When someone follows you.")}
        />
        <SettingSwitch
          me={me}
          setting="NEW_MENTION_NOTIFICATION"
          label={t("Mentions")}
          description={t("When someone writes your @username in a post or comment.")}
        />
        <SettingSwitch
          me={me}
          setting="NEW_COMMENT_NOTIFICATION"
          label={t("Comments and replies")}
          description={t("When someone comments on your post or replies to your comment.")}
        />
        <SettingSwitch
          me={me}
          setting="NEW_UPVOTE_NOTIFICATION"
          label={t("Upvotes")}
          description={t("When someone upvotes your post.")}
        />
        <SettingSwitch
          me={me}
          setting="NEW_COMMUNITY_NOTIFICATION"
          label={t("Communities")}
          description={t("News from the communities you run.")}
        />
        <SettingSwitch
          me={me}
          setting="NEW_REFERRAL_NOTIFICATION"
          label={t("Referrals")}
          description={t("When someone joins with your referral link.")}
        />
      </SettingsSection>
      <SettingsSection title={t("Email")}>
        <SettingSwitch
          me={me}
          setting="NEWSLETTER"
          label={t("Newsletter")}
          description={t("News and tips from Agora, a few times a month.")}
        />
      </SettingsSection>
    </div>
  );
}
