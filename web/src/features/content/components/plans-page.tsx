import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { MembershipPlan } from "#shared/schemas/content.ts";
import { isConfigured, paymentConfigQueryOptions } from "#web/lib/payment-config.ts";
import { requireSignIn, useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { plansQueryOptions } from "../queries";

/**
 * Plans are charged in US dollars ($10 and $100), so their price says dollars in every
 * language ("US$ 10,00" in Portuguese) rather than the local currency sign over a dollar amount.
 */
function planPrice(dollars: number, language: string): string {
  // Whole-dollar plans read "$10", not "$10.00": shorter, and it keeps "/ month" beside the price.
  const whole = Number.isInteger(dollars);
  return new Intl.NumberFormat(language, {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
  }).format(dollars);
}

/** /account/subscription: the two plans from the database, SUBSCRIBE and the terms. */
export function PlansPage() {
  const { t } = useTranslation();
  const plans = useQuery(plansQueryOptions());
  // A server without provider keys says so on the buttons, before anyone clicks.
  const config = useQuery(paymentConfigQueryOptions());
  const noPayments = config.data ? !isConfigured(config.data) : false;
  const { me } = useMe();
  const current = me?.is_verified_business ? "BUSINESS" : me?.is_verified_user ? "USER" : null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header className="text-center">
        <h1 className="text-2xl font-bold md:text-3xl">{t("Get verified on Agora")}</h1>
        <p className="mx-auto mt-2 max-w-xl text-[var(--muted)]">
          {t("A verified mark, more reach and the tools to work and get paid here. Cancel any time.")}
        </p>
      </header>
      {me?.is_staff ? (
        <p role="status" className="card p-4 text-center text-sm">
          {t("Staff accounts are verified already: there is nothing to buy.")}
        </p>
      ) : null}
      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-2">
          <ListSkeleton rows={1} height="h-96" />
          <ListSkeleton rows={1} height="h-96" />
        </div>
      ) : plans.isError ? (
        <LoadError error={plans.error} retry={plans.refetch} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="plans">
          {plans.data.list.map((plan) => (
            <PlanCard
              key={plan.membership_type}
              plan={plan}
              isCurrent={current === plan.membership_type}
              canSubscribe={!me?.is_staff && current === null}
              noPayments={noPayments}
            />
          ))}
        </ul>
      )}
      <p className="text-center text-sm text-[var(--muted)]">
        {t("By subscribing you agree to the")}{" "}
        <Link
          to="/policies/$page"
          params={{ page: "subscription-terms" }}
          className="text-[var(--accent)] underline"
        >
          {t("Subscription Terms")}
        </Link>
        {". "}
        {t("Cancelling ends the membership at once, with no grace period.")}
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  isCurrent,
  canSubscribe,
  noPayments,
}: {
  plan: MembershipPlan;
  isCurrent: boolean;
  canSubscribe: boolean;
  /** This server takes no money: the button is off and says why. */
  noPayments: boolean;
}) {
  const { t, i18n } = useTranslation();
  const business = plan.membership_type === "BUSINESS";
  return (
    <li
      className={`card flex flex-col p-6 ${business ? "border-[var(--accent)]" : ""}`}
      data-testid={`plan-${plan.membership_type}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">{t(plan.name)}</h2>
        {isCurrent ? (
          <span className="rounded-full bg-[var(--accent)] px-3 py-1 text-xs font-semibold text-[var(--accent-text)]">
            {t("Your plan")}
          </span>
        ) : business ? (
          <span className="rounded-full bg-[var(--surface-strong)] px-3 py-1 text-xs font-semibold">
            {t("For companies")}
          </span>
        ) : null}
      </div>
      <p className="mt-4 flex flex-wrap items-baseline gap-x-1">
        <span className="text-4xl font-bold whitespace-nowrap">{planPrice(plan.price, i18n.language)}</span>
        <span className="whitespace-nowrap text-[var(--muted)]">{t("/ month")}</span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-2">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              className="mt-0.5 shrink-0 text-[var(--success)]"
              aria-hidden="true"
            >
              <path
                d="m5 12.5 4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            {t(feature)}
          </li>
        ))}
      </ul>
      {isCurrent ? (
        <Link
          to="/account/subscription/cancellation"
          search={{ paid_user_membership_type: plan.membership_type }}
          className="btn btn-outline mt-6"
        >
          {t("Manage")}
        </Link>
      ) : (
        <>
          <button
            type="button"
            className={`btn mt-6 ${business ? "btn-primary" : "btn-outline"}`}
            disabled={!canSubscribe || noPayments}
            aria-describedby={noPayments ? `no-payments-${plan.membership_type}` : undefined}
            onClick={() => {
              if (!requireSignIn()) return;
              openModal("SUBSCRIPTION_PAYMENT", { paid_user_membership_type: plan.membership_type });
            }}
          >
            {t("SUBSCRIBE")}
          </button>
          {noPayments ? (
            <p
              id={`no-payments-${plan.membership_type}`}
              className="mt-2 text-center text-xs text-[var(--muted)]"
              data-testid="payments-not-configured"
            >
              {t("Payments are not configured on this server.")}
            </p>
          ) : null}
        </>
      )}
    </li>
  );
}
