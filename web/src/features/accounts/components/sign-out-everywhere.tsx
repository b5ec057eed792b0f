import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { accountsApi } from "../api";
import { useEndSession } from "../auth-flow";
import { RemoveRecentPasskeys, useRecentPasskeys } from "./recent-passkeys";

/**
 * Settings → Account: end every session (phones, other browsers, this one) at once, and when
 * passkeys were added lately, offer to remove them too.
 */
export default function SignOutEverywhere() {
  const { t } = useTranslation();
  const endSession = useEndSession();
  const recent = useRecentPasskeys();
  const [open, setOpen] = useState(false);
  const [removeRecent, setRemoveRecent] = useState(false);
  const run = useMutation({
    mutationFn: () => accountsApi.signOutEverywhere(removeRecent),
    onSuccess: () => endSession(t(ACCOUNTS_MSG.signedOutEverywhere), true),
  });
  return (
    <div className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium">{t("Sign out everywhere")}</p>
          <p className="text-sm text-[var(--muted)]">
            {t("Ends every session on every device, this one too.")}
          </p>
        </div>
        {open ? null : (
          <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
            {t("Sign out everywhere")}
          </button>
        )}
      </div>
      {open ? (
        <fieldset className="mt-3 flex flex-col gap-2">
          <legend className="sr-only">{t("Sign out everywhere")}</legend>
          {run.error ? <FormAlert>{apiErrorText(run.error, t)}</FormAlert> : null}
          {recent.length ? (
            <RemoveRecentPasskeys names={recent} checked={removeRecent} onChange={setRemoveRecent} />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => run.mutate()}
              disabled={run.isPending}
              aria-busy={run.isPending}
            >
              {t("Sign out of every device")}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              {t("Cancel")}
            </button>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
