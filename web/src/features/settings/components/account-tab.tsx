import { Link } from "@tanstack/react-router";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { openModal } from "#web/modals.tsx";

function Row({ title, detail, action }: { title: string; detail: ReactNode; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium">{title}</p>
        <div className="text-sm wrap-anywhere text-[var(--muted)]">{detail}</div>
      </div>
      {action}
    </div>
  );
}

/**
 * Subscription, e-mail, password, a copy of one's data and deletion. The parts other features own
 * come from the route (web/src/routes/_signed-in.settings.$tab.tsx), each loaded on its own.
 */
export function AccountTab({
  me,
  signOutEverywhere,
  twoFactor,
  dataExport,
}: {
  me: Me;
  /** "Sign out everywhere" (accounts). */
  signOutEverywhere: ReactNode;
  /** The second factors one has and adds (two-factor). */
  twoFactor: ReactNode;
  /** The data archive (data-export). */
  dataExport: ReactNode;
}) {
  const { t } = useTranslation();
  const membership = me.is_verified_business ? "BUSINESS" : me.is_verified_user ? "USER" : null;
  return (
    <div className="flex flex-col gap-4">
      {me.is_staff ? null : (
        <SettingsSection title={t("Manage Your Subscription")}>
          {membership ? (
            <Row
              title={t("Your membership")}
              detail={<VerifiedBadge person={me} />}
              action={
                <Link
                  to="/account/subscription/cancellation"
                  search={{ paid_user_membership_type: membership }}
                  className="btn btn-outline"
                >
                  {t("Manage")}
                </Link>
              }
            />
          ) : (
            <Row
              title={t("You are not verified yet")}
              detail={t("Get a verified mark, search visibility and the top of the feed.")}
              action={
                <Link to="/account/subscription" className="btn btn-primary">
                  {t("Subscribe")}
                </Link>
              }
            />
          )}
          <Row
            title={t("Payouts and payment history")}
            detail={t("Set up payouts to receive tips and service orders, and see every payment.")}
            action={
              <Link
                to="/user/$username/payments"
                params={{ username: me.username }}
                className="btn btn-outline"
              >
                {t("Payments")}
              </Link>
            }
          />
        </SettingsSection>
      )}
      <SettingsSection title={t("Sign-in")}>
        <Row
          title={t("Email")}
          detail={me.email}
          action={
            <button type="button" className="btn btn-outline" onClick={() => openModal("UPDATE_EMAIL")}>
              {t("Update email")}
            </button>
          }
        />
        <Row
          title={t("Password")}
          detail={t("Change it any time; you will log in again.")}
          action={
            <button type="button" className="btn btn-outline" onClick={() => openModal("UPDATE_PASSWORD")}>
              {t("Update password")}
            </button>
          }
        />
        <Suspense fallback={null}>{signOutEverywhere}</Suspense>
      </SettingsSection>
      <SettingsSection title={t("Two-factor sign-in")}>
        <Suspense fallback={<p role="status">{t("Loading…")}</p>}>{twoFactor}</Suspense>
      </SettingsSection>
      <Suspense fallback={null}>{dataExport}</Suspense>
      <SettingsSection title={t("Delete account")}>
        <Row
          title={t("Delete your account and everything in it")}
          detail={t("It will be done after confirmation")}
          action={
            <button type="button" className="btn btn-danger" onClick={() => openModal("DELETE_ACCOUNT")}>
              {t("Delete account")}
            </button>
          }
        />
      </SettingsSection>
    </div>
  );
}
