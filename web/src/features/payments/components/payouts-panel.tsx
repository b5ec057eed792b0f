import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { FormAlert } from "#client/form-fields.tsx";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { isStepUpRequired } from "#client/two-factor/api.ts";
import type { PayoutStatus } from "#shared/schemas/payments.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { useMe } from "#web/lib/session.ts";
import { goTo, useOnboarding } from "../mutations";
import { paymentConfigQueryOptions } from "../queries";
import { PaymentsNotConfigured } from "./not-configured";

const StepUpPanel = lazy(() => import("#web/components/two-factor/step-up-panel.tsx"));

const STATUS_TEXT: Record<PayoutStatus, string> = {
  NOT_STARTED: msg("Payouts are off: set them up with Stripe to receive tips and service orders."),
  PENDING: msg("Stripe still needs some details before payouts can start."),
  READY: msg("Payouts are on: you can receive tips and service orders."),
};

/**
 * Payouts (Stripe Connect): verified members set them up to receive tips and service orders. The
 * status is asked for once when the panel shows to a verified member (also on the way back from
 * Stripe), and the answer's link leads to Stripe's onboarding.
 */
export function PayoutsPanel() {
  const { t } = useTranslation();
  const { me } = useMe();
  const config = useQuery(paymentConfigQueryOptions());
  const onboarding = useOnboarding();
  const verified = Boolean(me && (me.is_verified_user || me.is_verified_business || me.is_staff));
  const status = onboarding.data?.status;
  const canAsk = verified && Boolean(config.data?.stripe_publishable_key);
  const { mutate } = onboarding;
  useEffect(() => {
    if (canAsk) mutate();
  }, [canAsk, mutate]);
  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby="payouts-title" data-testid="payouts">
      <h2 id="payouts-title" className="text-base font-semibold">
        {t("Payouts")}
      </h2>
      {config.data && !config.data.stripe_publishable_key ? (
        <PaymentsNotConfigured />
      ) : !verified ? (
        <p className="text-sm text-[var(--muted)]">
          {t("Only verified members can turn on payouts")}{" "}
          <Link to="/account/subscription" className="font-medium text-[var(--accent)] hover:underline">
            {t("See the plans")}
          </Link>
        </p>
      ) : (
        <>
          <p role="status" className="text-sm" data-testid="payouts-status">
            {status
              ? t(STATUS_TEXT[status])
              : t("Receive tips and service orders in your bank account through Stripe.")}
          </p>
          {onboarding.isError && isStepUpRequired(onboarding.error) ? (
            // A second factor is on and not proved lately: payouts start after a fresh code.
            <Suspense fallback={<p role="status">{t("Loading…")}</p>}>
              <StepUpPanel onCancel={() => onboarding.reset()} onProved={() => onboarding.mutate()} />
            </Suspense>
          ) : onboarding.isError ? (
            <FormAlert>{errorMessage(onboarding.error)}</FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {onboarding.data?.link ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => goTo(onboarding.data.link as string)}
              >
                {status === "PENDING" ? t("Continue on Stripe") : t("Set up payouts on Stripe")}
              </button>
            ) : status === "READY" || !onboarding.isError || isStepUpRequired(onboarding.error) ? null : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => onboarding.mutate()}
                disabled={onboarding.isPending || config.isPending}
                aria-busy={onboarding.isPending}
              >
                {onboarding.isPending ? t("Please wait…") : t("Try again")}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
