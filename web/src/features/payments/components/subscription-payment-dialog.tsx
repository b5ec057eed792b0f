import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { MembershipType } from "#shared/enums.ts";
import type { PaymentConfig } from "#shared/schemas/payments.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { ApiError } from "#web/lib/api.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { startSubscription } from "../mutations";
import { isConfigured, paymentConfigQueryOptions, paymentKeys } from "../queries";
import { CardSubscriptionForm } from "./card-subscription-form";
import { PaymentsNotConfigured } from "./not-configured";
import { PaypalSubscriptionButtons } from "./paypal-subscription-buttons";

type Method = "STRIPE" | "PAYPAL";

export interface Confirmed {
  subscription_id: string;
  payment_method: Method;
}

const PLAN_NAME: Record<MembershipType, string> = { USER: "User", BUSINESS: "Business" };

/**
 * SUBSCRIPTION_PAYMENT: the plan's price, then a card (Stripe Elements) or PayPal's subscription
 * buttons. Someone with an active membership is told so before any form shows.
 */
export default function SubscriptionPaymentDialog({
  onClose,
  paid_user_membership_type: plan,
}: ModalProps & { paid_user_membership_type: MembershipType }) {
  const { t } = useTranslation();
  const config = useQuery(paymentConfigQueryOptions());
  return (
    <Dialog
      title={t("Subscribe to the {{plan}} plan", { plan: t(PLAN_NAME[plan]) })}
      onClose={onClose}
      size="md"
    >
      {config.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : config.isError ? (
        <LoadError error={config.error} retry={config.refetch} />
      ) : !isConfigured(config.data) ? (
        <NotConfiguredBody onClose={onClose} />
      ) : (
        <Checked config={config.data} plan={plan} onClose={onClose} />
      )}
    </Dialog>
  );
}

function NotConfiguredBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PaymentsNotConfigured />
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </>
  );
}

/** The pre-subscription check first: a second membership is refused (409) before any card is asked. */
function Checked({
  config,
  plan,
  onClose,
}: {
  config: PaymentConfig;
  plan: MembershipType;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: paymentKeys.start(plan),
    meta: { silent: true },
    queryFn: () => startSubscription(plan),
    retry: false,
    gcTime: 0,
  });
  const methods: Method[] = [];
  const paypalPlan = plan === "BUSINESS" ? config.paypal_plan_id_business : config.paypal_plan_id_user;
  if (config.stripe_publishable_key) methods.push("STRIPE");
  if (config.paypal_client_id && paypalPlan) methods.push("PAYPAL");
  const [method, setMethod] = useState<Method | undefined>(methods[0]);

  if (check.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  if (check.isError) {
    const active = check.error instanceof ApiError && check.error.status === 409;
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm">
          {errorMessage(check.error)}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          {active ? (
            <Link
              to="/settings/$tab"
              params={{ tab: "account" }}
              className="btn btn-outline"
              onClick={onClose}
            >
              {t("Manage Your Subscription")}
            </Link>
          ) : (
            <button type="button" className="btn btn-outline" onClick={() => check.refetch()}>
              {t("Try again")}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t("Close")}
          </button>
        </div>
      </div>
    );
  }

  const price = new Intl.NumberFormat(i18n.language, {
    style: "currency",
    currency: check.data.currency,
    minimumFractionDigits: check.data.amount % 100 === 0 ? 0 : 2,
  }).format(check.data.amount / 100);

  const done = ({ subscription_id, payment_method }: Confirmed) => {
    onClose();
    void navigate({
      to: "/account/subscription/confirmed",
      search: { subscription_id, paid_user_membership_type: plan, payment_method },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="text-2xl font-bold" data-testid="subscription-price">
          {price}
        </span>{" "}
        <span className="text-[var(--muted)]">{t("/ month")}</span>
      </p>
      <p className="text-xs text-[var(--muted)]">
        {t("Your membership starts once the payment is confirmed. Cancelling ends it at once.")}{" "}
        <Link
          to="/policies/$page"
          params={{ page: "subscription-terms" }}
          className="text-[var(--accent)] underline"
          onClick={onClose}
        >
          {t("Subscription Terms")}
        </Link>
      </p>
      {methods.length > 1 ? (
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="sr-only">{t("Payment method")}</legend>
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={method === m}
              onClick={() => setMethod(m)}
              className={`btn ${method === m ? "btn-primary" : "btn-outline"}`}
            >
              {m === "STRIPE" ? t("Card") : "PayPal"}
            </button>
          ))}
        </fieldset>
      ) : null}
      {method === "STRIPE" && config.stripe_publishable_key ? (
        <CardSubscriptionForm publishableKey={config.stripe_publishable_key} plan={plan} onDone={done} />
      ) : null}
      {method === "PAYPAL" && config.paypal_client_id && paypalPlan && check.data.paypal_custom_id ? (
        <PaypalSubscriptionButtons
          clientId={config.paypal_client_id}
          planId={paypalPlan}
          customId={check.data.paypal_custom_id}
          plan={plan}
          onDone={done}
        />
      ) : null}
    </div>
  );
}
