import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { setAdminToken } from "#admin/lib/admin-token.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { createPasskey } from "#client/two-factor/api.ts";
import { useProofRetry } from "#client/two-factor/proof.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { PasskeyItem } from "#shared/schemas/two-factor.ts";
import { useDateTime } from "../../components/ui/list-states";
import { adminFactorKey, adminTwoFactor } from "./two-factor";

const adminPasskeysKey = ["admin", "two-factor", "passkeys"] as const;

/**
 * A staff member's passkeys: the list, adding one (the browser's passkey dialog) and removing one
 * (after a confirmation, and a fresh code or passkey when the Worker asks for one).
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const list = useQuery({ queryKey: adminPasskeysKey, queryFn: () => adminTwoFactor.passkeys() });
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Adding or removing one needs a factor proved lately (ADR 131); the answer then carries this
  // session's new token, since the change ends every other staff session.
  const { attempt, prompt } = useProofRetry(adminTwoFactor, setAdminToken);
  const keep = (answer: { access_token?: string }) => {
    if (answer.access_token) setAdminToken(answer.access_token);
  };
  const heading = useRef<HTMLHeadingElement>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminPasskeysKey });
    void queryClient.invalidateQueries({ queryKey: adminFactorKey });
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setProblem(null);
    setPending(true);
    await attempt(
      async () => {
        const response = await createPasskey(await adminTwoFactor.registerOptions());
        keep(await adminTwoFactor.register(response, name.trim() || undefined));
        setName("");
        showSnackbar({ variant: "success", message: t("Passkey added.") });
        refresh();
      },
      (error) => setProblem(apiErrorText(error, t)),
    );
    setPending(false);
  };

  const remove = async (passkey: PasskeyItem) => {
    setProblem(null);
    await attempt(
      async () => {
        keep(await adminTwoFactor.removePasskey(passkey.id));
        showSnackbar({ variant: "success", message: t("The passkey was removed.") });
        refresh();
        // Its Remove button is gone: focus goes to the section, not to the page's end.
        heading.current?.focus();
      },
      (error) => setProblem(apiErrorText(error, t)),
    );
  };

  const askRemove = async (passkey: PasskeyItem) => {
    const ok = await confirm({
      message: t("Remove the passkey {{name}}? It will no longer sign in.", { name: passkey.name }),
      danger: true,
    });
    if (ok) await remove(passkey);
  };

  const passkeys = list.data?.passkeys ?? [];
  return (
    <section className="card flex flex-col gap-3 p-5" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t("Passkeys")}
      </h2>
      <p className="text-sm text-[var(--muted)]">
        {t("A passkey signs you in to the admin site on its own, without the password or a code.")}
      </p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {prompt}
      {prompt ? null : list.isPending ? (
        <p role="status" className="text-sm">
          {t("Loading…")}
        </p>
      ) : list.isError ? (
        <FormAlert>{apiErrorText(list.error, t)}</FormAlert>
      ) : passkeys.length === 0 ? (
        <p className="text-sm">{t("No passkeys yet.")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--line)]" aria-label={t("Your passkeys")}>
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="passkey-item"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{p.name}</p>
                <p className="text-xs text-[var(--muted)]">
                  {p.created_from
                    ? t("Added {{date}} from {{where}}", {
                        date: dateTime(p.created_at),
                        where: p.created_from,
                      })
                    : t("Added {{date}}", { date: dateTime(p.created_at) })}
                  {" · "}
                  {p.last_used_at
                    ? t("Last used {{date}}", { date: dateTime(p.last_used_at) })
                    : t("Never used")}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => void askRemove(p)}
                aria-label={t("Remove passkey {{name}}", { name: p.name })}
              >
                {t("Remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {prompt ? null : (
        <form onSubmit={add} noValidate aria-label={t("Add a passkey")} className="flex flex-col gap-2">
          <TextField
            label={t("Passkey name (optional)")}
            value={name}
            onValue={setName}
            required={false}
            maxLength={64}
            className="mb-0"
          />
          <button type="submit" className="btn btn-primary self-start" disabled={pending} aria-busy={pending}>
            {t("Add a passkey")}
          </button>
        </form>
      )}
    </section>
  );
}
