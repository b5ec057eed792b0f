import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ServiceKey } from "#shared/schemas/services.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { requireSignIn } from "#web/lib/session.ts";
import { goTo, useOrderService } from "../mutations";
import { paymentConfigQueryOptions } from "../queries";

/** Order by card: Stripe Checkout for the service's price; the provider is told once it is paid. */
export function OrderServiceButton({ service }: { service: ServiceKey }) {
  const { t } = useTranslation();
  const config = useQuery(paymentConfigQueryOptions());
  const order = useOrderService();
  const configured = Boolean(config.data?.stripe_publishable_key);
  const leaving = order.isSuccess;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={!configured || order.isPending || leaving}
        aria-busy={order.isPending || leaving}
        aria-describedby="order-note"
        data-testid="order-button"
        onClick={() => {
          if (!requireSignIn()) return;
          order.mutate(service, { onSuccess: ({ link }) => goTo(link) });
        }}
      >
        {order.isPending || leaving ? t("Please wait…") : t("Order by card")}
      </button>
      {order.isError ? (
        <p role="alert" className="text-sm text-[var(--danger)]">
          {errorMessage(order.error)}
        </p>
      ) : null}
      <p id="order-note" className="text-xs text-[var(--muted)]">
        {config.isPending
          ? null
          : configured
            ? t("You pay on Stripe's secure page; the provider is told once it is paid.")
            : t("Payments are not configured on this server.")}
      </p>
    </>
  );
}
