import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { meQueryOptions, useMe, useToken } from "#web/lib/session.ts";

/** How often the account is asked again, and for how long, while the provider confirms. */
const POLL_MS = 2_000;
const GIVE_UP_MS = 60_000;

/**
 * /account/subscription/confirmed: the provider has the payment; the membership turns on when its
 * confirmation reaches the server (a webhook or PayPal's lookup), so the account is polled until
 * the verified flag appears.
 */
export function SubscriptionConfirmedPage({
  plan,
  subscriptionId,
}: {
  plan?: "USER" | "BUSINESS";
  subscriptionId?: string;
}) {
  const { t } = useTranslation();
  const token = useToken();
  const { me, isSignedIn } = useMe();
  const verified = Boolean(
    me &&
      (plan === "BUSINESS"
        ? me.is_verified_business
        : plan === "USER"
          ? me.is_verified_user
          : me.is_verified_user || me.is_verified_business),
  );
  // After a minute without the flag (an unknown or stale subscription, or a slow provider) the
  // page stops asking and says where to look; "Check again" asks for one more minute.
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (waited) return;
    const timer = setTimeout(() => setWaited(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [waited]);
  useQuery({
    ...meQueryOptions(),
    enabled: Boolean(token) && !verified && !waited,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
  // Opened directly, with no payment behind it: nothing to thank anyone for.
  if (isSignedIn && !subscriptionId && !verified)
    return (
      <section
        className="card mx-auto flex max-w-lg flex-col items-center gap-4 p-6 text-center"
        data-testid="no-payment-to-confirm"
      >
        <h1 className="text-xl font-bold">{t("There is no payment to confirm")}</h1>
        <p className="text-sm text-[var(--muted)]">
          {t("This page opens after paying for a membership. Choose a plan to become verified.")}
        </p>
        <Link to="/account/subscription" className="btn btn-primary">
          {t("See the plans")}
        </Link>
      </section>
    );
  if (!isSignedIn)
    return (
      <section className="card mx-auto max-w-lg p-6 text-center">
        <h1 className="text-xl font-bold">{t("Log in to see your membership")}</h1>
      </section>
    );
  return (
    <section
      className="card mx-auto flex max-w-lg flex-col items-center gap-4 p-6 text-center"
      aria-live="polite"
      data-testid="subscription-confirmed"
    >
      {verified && me ? (
        <>
          <h1 className="text-2xl font-bold">{t("You are verified")}</h1>
          <p className="text-lg" data-testid="verified-mark">
            <VerifiedBadge person={me} />
          </p>
          <p className="text-sm text-[var(--muted)]">
            {t("Thank you for subscribing. Your mark now shows next to your name everywhere on Agora.")}
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/user/$username" params={{ username: me.username }} className="btn btn-primary">
              {t("View Profile")}
            </Link>
            <Link to="/" className="btn btn-outline">
              {t("Return to Home")}
            </Link>
          </div>
        </>
      ) : waited ? (
        <>
          <h1 className="text-2xl font-bold">{t("Your payment is not confirmed yet")}</h1>
          <p className="text-sm text-[var(--muted)]">
            {t(
              "We have not heard from the payment provider. Your membership tab shows whether it is active; if you were charged and it is not, contact support.",
            )}
          </p>
          {subscriptionId && (
            <p className="text-xs text-[var(--muted)] [overflow-wrap:anywhere]">
              {t("Reference")}: <code>{subscriptionId}</code>
            </p>
          )}
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/account/subscription" className="btn btn-primary">
              {t("Check your membership")}
            </Link>
            <Link to="/contact" className="btn btn-outline">
              {t("Contact support")}
            </Link>
            <button type="button" className="btn btn-ghost" onClick={() => setWaited(false)}>
              {t("Check again")}
            </button>
          </div>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t("Thank you! Your payment is being confirmed")}</h1>
          <Spinner label={t("Waiting for the payment provider")} />
          <p className="text-sm text-[var(--muted)]">
            {t(
              "Your verified mark appears as soon as the payment provider confirms. This usually takes a few seconds.",
            )}
          </p>
          <Link to="/" className="btn btn-outline">
            {t("Return to Home")}
          </Link>
        </>
      )}
    </section>
  );
}
