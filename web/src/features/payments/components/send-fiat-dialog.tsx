import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useZodForm } from "#client/form.tsx";
import { FormAlert, SubmitButton, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { CENTS_PER_DOLLAR, FIAT_TRANSFER_MIN_USD } from "#shared/constants.ts";
import { sendFiatFormSchema } from "#shared/schemas/payments.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { errorMessage } from "#web/lib/error-message.ts";
import { goTo, useTip } from "../mutations";
import { paymentConfigQueryOptions } from "../queries";
import { PaymentsNotConfigured } from "./not-configured";

/**
 * SEND_FIAT: a tip in whole US dollars (at least $2), paid on Stripe Checkout. The amount goes to
 * the API in cents; the browser then leaves for Checkout's page.
 */
export default function SendFiatDialog({ onClose, username }: ModalProps & { username: string }) {
  const { t } = useTranslation();
  const config = useQuery(paymentConfigQueryOptions());
  return (
    <Dialog title={t("Send USD to @{{username}}", { username })} onClose={onClose}>
      {config.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : config.isError ? (
        <LoadError error={config.error} retry={config.refetch} />
      ) : config.data.stripe_publishable_key ? (
        <TipForm username={username} onClose={onClose} />
      ) : (
        <>
          <PaymentsNotConfigured />
          <div className="mt-5 flex justify-end">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t("Close")}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** How long the "session started" notice shows before the browser leaves for Checkout. */
const CHECKOUT_DELAY_MS = 1_200;

function TipForm({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(sendFiatFormSchema, { amount: "" });
  const tip = useTip();
  const [leaving, setLeaving] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || tip.isPending || leaving) return;
    tip.mutate(
      { username, cents: form.data.amount * CENTS_PER_DOLLAR },
      {
        onSuccess: ({ link }) => {
          setLeaving(true);
          // The dialog closes and the notice shows for a moment before Checkout's page, so people
          // know where they are being sent (a local Checkout answers before it could be read).
          onClose();
          showSnackbar({
            message: t("USD transfer session started. Please complete the payment"),
            variant: "success",
          });
          setTimeout(() => goTo(link), CHECKOUT_DELAY_MS);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("Send USD")}>
      {tip.isError ? <FormAlert>{errorMessage(tip.error)}</FormAlert> : null}
      <TextField
        label={t("Amount (USD)")}
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        placeholder={String(FIAT_TRANSFER_MIN_USD)}
        autoFocus
        {...form.field("amount")}
        hint={t("Whole dollars, at least $2. You pay on Stripe's secure page.")}
      />
      <SubmitButton pending={tip.isPending || leaving}>{t("Send")}</SubmitButton>
    </form>
  );
}
