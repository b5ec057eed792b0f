import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { type FormEvent, useId, useMemo, useState } from "react";
import { FormAlert, SubmitButton } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { MembershipType } from "#shared/enums.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { completeStripeSubscription } from "../mutations";
import { cardStyle, getStripe } from "../stripe";
import type { Confirmed } from "./subscription-payment-dialog";

/** The card form, inside Stripe's Elements for this server's publishable key. */
export function CardSubscriptionForm({
  publishableKey,
  plan,
  onDone,
}: {
  publishableKey: string;
  plan: MembershipType;
  onDone: (confirmed: Confirmed) => void;
}) {
  const stripe = useMemo(() => getStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <CardForm plan={plan} onDone={onDone} />
    </Elements>
  );
}

/**
 * A PaymentMethod is made from the card with Stripe, then the server makes the subscription;
 * a card that needs confirming (3-D Secure) is confirmed with `confirmCardPayment`.
 */
function CardForm({ plan, onDone }: { plan: MembershipType; onDone: (confirmed: Confirmed) => void }) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [cardError, setCardError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [complete, setComplete] = useState(false);
  const options = useMemo(() => ({ style: cardStyle(), hidePostalCode: true }), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || pending) return;
    const card = elements.getElement(CardElement);
    if (!card) {
      setProblem(t("Card input not found."));
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const made = await stripe.createPaymentMethod({ type: "card", card });
      if (made.error || !made.paymentMethod) {
        setProblem(made.error?.message ?? t("Payment method creation failed."));
        return;
      }
      const answer = await completeStripeSubscription(made.paymentMethod.id, plan);
      if (answer.client_secret) {
        const confirmed = await stripe.confirmCardPayment(answer.client_secret);
        if (confirmed.error) {
          setProblem(confirmed.error.message ?? t("The card could not be charged"));
          return;
        }
      }
      onDone({ subscription_id: answer.subscription_id, payment_method: "STRIPE" });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Pay by card")}>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {/* Stripe draws the card number, expiry and CVC in its own frame; the legend names it. */}
      <fieldset aria-describedby={cardError ? `${id}-error` : undefined}>
        <legend className="field-label">{t("Card")}</legend>
        <div className="field flex min-h-11 items-center" data-testid="card-element">
          <div className="w-full">
            <CardElement
              options={options}
              onChange={(event: StripeCardElementChangeEvent) => {
                setCardError(event.error?.message ?? null);
                setComplete(event.complete);
              }}
            />
          </div>
        </div>
      </fieldset>
      {cardError ? (
        <p id={`${id}-error`} className="field-error">
          {cardError}
        </p>
      ) : null}
      <div className="mt-4">
        <SubmitButton pending={pending} disabled={!stripe || !complete}>
          {t("Pay and subscribe")}
        </SubmitButton>
      </div>
    </form>
  );
}
