import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { UserBooleanSetting } from "#shared/enums.ts";
import { type AwayKind, EMAIL_KINDS } from "#shared/schemas/push.ts";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { LANGUAGES } from "#web/i18n/i18n.ts";
import {
  PushUnavailable,
  preferencesQueryOptions,
  useAwayLanguage,
  useUpdatePreference,
} from "../notification-preferences";
import { SettingSwitch } from "./setting-switch";

/** The kinds a person chooses for here, with their label and in-app setting (if they have one). */
const KINDS: Array<{ kind: AwayKind; label: string; inApp?: UserBooleanSetting }> = [
  { kind: "CHAT_MESSAGE", label: msg("Chat messages") },
  { kind: "MENTION", label: msg("Mentions"), inApp: "NEW_MENTION_NOTIFICATION" },
  { kind: "REPLY", label: msg("Replies"), inApp: "NEW_COMMENT_NOTIFICATION" },
  { kind: "COMMENT", label: msg("Comments on your posts"), inApp: "NEW_COMMENT_NOTIFICATION" },
  { kind: "FOLLOWER", label: msg("New followers"), inApp: "NEW_FOLLOWER_NOTIFICATION" },
  { kind: "MODERATION", label: msg("Moderation notices") },
  { kind: "UPVOTE", label: msg("Upvotes"), inApp: "NEW_UPVOTE_NOTIFICATION" },
  { kind: "COMMUNITY", label: msg("Communities"), inApp: "NEW_COMMUNITY_NOTIFICATION" },
  { kind: "REFERRAL", label: msg("Referrals"), inApp: "NEW_REFERRAL_NOTIFICATION" },
];

const isEmailKind = (kind: AwayKind) => (EMAIL_KINDS as readonly string[]).includes(kind);

/** Settings → Notifications: per kind, in the app, as a push on this device, by e-mail. */
export default function NotificationsTab({ me }: { me: Me }) {
  const { t } = useTranslation();
  const preferences = useQuery(preferencesQueryOptions());
  const update = useUpdatePreference();
  const chooseLanguage = useAwayLanguage();
  const [problem, setProblem] = useState<string | null>(null);
  if (!preferences.data)
    return (
      <div className="grid min-h-40 place-items-center">
        <Spinner />
      </div>
    );
  const { list, push_configured, email_configured, language } = preferences.data;
  const flip = (kind: AwayKind, change: { push?: boolean; email?: boolean }) => {
    setProblem(null);
    update.mutate(
      { kind, ...change },
      {
        onError: (error) => {
          if (error instanceof PushUnavailable)
            setProblem(
              error.reason === "denied"
                ? t(
                    "Your browser blocks notifications from Agora. Allow them in the site settings, then try again.",
                  )
                : t("This browser cannot receive push notifications."),
            );
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-[var(--muted)]">
        {t(
          "While a tab of Agora is open, everything arrives in the app. When none is, a push reaches this device, and what you have not seen after a while arrives in one e-mail, at most one an hour.",
        )}
      </p>
      {!push_configured ? (
        <p role="status" className="card p-3 text-sm">
          {t("Push notifications are not configured on this server.")}
        </p>
      ) : null}
      {!email_configured ? (
        <p role="status" className="card p-3 text-sm">
          {t("E-mail is not configured on this server.")}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="card border border-[var(--danger,#b91c1c)] p-3 text-sm">
          {problem}
        </p>
      ) : null}
      <SettingsSection title={t("Language of pushes and e-mails")}>
        <label className="flex flex-col gap-1 py-3 text-sm">
          <span>{t("Pushes and the e-mail of what you missed are written in")}</span>
          <select
            className="field w-auto max-w-xs"
            value={language}
            disabled={chooseLanguage.isPending}
            onChange={(e) => {
              const chosen = LANGUAGES.find((l) => l.code === e.target.value);
              if (chosen) chooseLanguage.mutate(chosen.code);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        {chooseLanguage.isSuccess ? (
          <p role="status" className="pb-3 text-sm text-[var(--muted)]">
            {t("Language saved")}
          </p>
        ) : null}
      </SettingsSection>
      {KINDS.map(({ kind, label, inApp }) => {
        const choice = list.find((p) => p.kind === kind);
        if (!choice) return null;
        return (
          <SettingsSection key={kind} title={t(label)}>
            {inApp ? <SettingSwitch me={me} setting={inApp} label={t("In the app")} /> : null}
            <Switch
              label={t("Push on this device")}
              checked={choice.push}
              disabled={!push_configured}
              busy={update.isPending}
              onChange={(on) => flip(kind, { push: on })}
              className="py-3"
              data={{ "data-push": kind }}
            />
            {isEmailKind(kind) ? (
              <Switch
                label={t("E-mail")}
                checked={choice.email}
                disabled={!email_configured}
                busy={update.isPending}
                onChange={(on) => flip(kind, { email: on })}
                className="py-3"
                data={{ "data-email": kind }}
              />
            ) : null}
          </SettingsSection>
        );
      })}
    </div>
  );
}
