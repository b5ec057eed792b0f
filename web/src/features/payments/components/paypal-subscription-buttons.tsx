import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useState } from "react";
import { FormAlert } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import type { MembershipType } from "#shared/enums.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { completePaypalSubscription } from "../mutations";
import type { Confirmed } from "./subscription-payment-dialog";

/**
 * PayPal's subscription buttons for the plan's PayPal plan id. The subscription carries the
 * person's reference from the pre-subscription check as `custom_id`, so the server grants it to
 * them only. On approval the server checks it with PayPal (theirs, ACTIVE, our plan) before the
 * confirmed page.
 */
export function PaypalSubscriptionButtons({
  clientId,
  planId,
  customId,
  plan,
  onDone,
}: {
  clientId: string;
  planId: string;
  customId: string;
  plan: MembershipType;
  onDone: (confirmed: Confirmed) => void;
}) {
  return (
    <PayPalScriptProvider
      options={{ clientId, vault: true, intent: "subscription", components: "buttons", currency: "USD" }}
    >
      <Buttons planId={planId} customId={customId} plan={plan} onDone={onDone} />
    </PayPalScriptProvider>
  );
}

function Buttons({
  planId,
  customId,
  plan,
  onDone,
}: {
  planId: string;
  customId: string;
  plan: MembershipType;
  onDone: (confirmed: Confirmed) => void;
}) {
  const { t } = useTranslation();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [problem, setProblem] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  if (isRejected) return <FormAlert>{t("PayPal could not be loaded. Try again later.")}</FormAlert>;
  return (
    <div data-testid="paypal-buttons" aria-busy={isPending || completing}>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {isPending || completing ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : null}
      <PayPalButtons
        style={{ layout: "vertical", label: "subscribe", shape: "pill" }}
        forceReRender={[planId, customId]}
        disabled={completing}
        createSubscription={(_data, actions) =>
          actions.subscription.create({ plan_id: planId, custom_id: customId })
        }
        onApprove={async (data) => {
          if (!data.subscriptionID) return;
          setProblem(null);
          setCompleting(true);
          try {
            const subscription = await completePaypalSubscription(data.subscriptionID, plan);
            // A second approval answers the membership the person already holds (PayPal's own
            // is then cancelled), which may be a card one.
            onDone({
              subscription_id: subscription.subscription_id,
              payment_method: subscription.payment_method,
            });
          } catch (error) {
            setProblem(errorMessage(error));
          } finally {
            setCompleting(false);
          }
        }}
        onError={() => setProblem(t("PayPal could not finish the payment. Try again."))}
      />
    </div>
  );
}
