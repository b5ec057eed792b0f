import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { meQueryOptions, useMe, useToken } from "#web/features/accounts/session.ts";

/** How often the account is asked again, and for how long, while the provider confirms. */
const POLL_MS = 2_000;
const GIVE_UP_MS = 3 * 60_000;

/**
 * /account/subscription/confirmed: the provider has the payment; the membership turns on when its
 * confirmation reaches the server (a webhook or PayPal's lookup), so the account is polled until
 * the verified flag appears.
 */
export function SubscriptionConfirmedPage({ plan }: { plan?: "USER" | "BUSINESS" }) {
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
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, []);
  useQuery({
    ...meQueryOptions(),
    enabled: Boolean(token) && !verified && !waited,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
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
      ) : (
        <>
          <h1 className="text-2xl font-bold">{t("Thank you! Your payment is being confirmed")}</h1>
          {waited ? (
            <p className="text-sm text-[var(--muted)]">
              {t(
                "This is taking longer than usual. Your mark will appear as soon as the payment provider confirms; you can leave this page.",
              )}
            </p>
          ) : (
            <>
              <Spinner label={t("Waiting for the payment provider")} />
              <p className="text-sm text-[var(--muted)]">
                {t(
                  "Your verified mark appears as soon as the payment provider confirms. This usually takes a few seconds.",
                )}
              </p>
            </>
          )}
          <Link to="/" className="btn btn-outline">
            {t("Return to Home")}
          </Link>
        </>
      )}
    </section>
  );
}
