import { Link } from "@tanstack/react-router";
import { FormAlert } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import type { MembershipType } from "#shared/enums.ts";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { useMe } from "#web/lib/session.ts";
import { useCancelSubscription } from "../mutations";

const PLAN_NAME: Record<MembershipType, string> = { USER: "User", BUSINESS: "Business" };

/**
 * /account/subscription/cancellation: ends the membership at once, as the Subscription Terms say
 * (no grace period); the verified mark goes with it.
 */
export function SubscriptionCancellationPage() {
  const { t } = useTranslation();
  const { me, isSignedIn, isLoading } = useMe();
  const cancel = useCancelSubscription();
  if (isLoading) return <ListSkeleton rows={1} height="h-48" />;
  const plan: MembershipType | null = me?.is_verified_business
    ? "BUSINESS"
    : me?.is_verified_user
      ? "USER"
      : null;
  return (
    <section
      className="card mx-auto flex max-w-lg flex-col gap-4 p-6"
      aria-labelledby="cancel-title"
      data-testid="subscription-cancellation"
    >
      <h1 id="cancel-title" className="text-2xl font-bold">
        {t("Cancel membership")}
      </h1>
      {!isSignedIn || !me ? (
        <p className="text-sm text-[var(--muted)]">{t("Log in to see your membership")}</p>
      ) : cancel.isSuccess ? (
        <>
          <p role="status" className="text-sm">
            {t("Your membership was cancelled. The verified mark is gone from your profile.")}
          </p>
          <Link to="/account/subscription" className="btn btn-primary self-start">
            {t("See the plans")}
          </Link>
        </>
      ) : plan === null ? (
        <>
          <p className="text-sm">{t("You do not have an active membership")}</p>
          <Link to="/account/subscription" className="btn btn-primary self-start">
            {t("See the plans")}
          </Link>
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>{t("Your membership: {{plan}}", { plan: t(PLAN_NAME[plan]) })}</span>
            <VerifiedBadge person={me} />
          </div>
          <p className="text-sm text-[var(--muted)]">
            {t("Cancelling ends the membership at once, with no grace period.")}{" "}
            {t("Your verified mark, search visibility and payouts stop now; nothing more is charged.")}
          </p>
          {cancel.isError ? <FormAlert>{errorMessage(cancel.error)}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => cancel.mutate()}
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
            >
              {cancel.isPending ? t("Please wait…") : t("Cancel membership")}
            </button>
            <Link to="/settings/$tab" params={{ tab: "account" }} className="btn btn-outline">
              {t("Keep my membership")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
