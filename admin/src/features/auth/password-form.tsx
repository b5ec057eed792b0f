import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { adminApi } from "#admin/lib/api.ts";
import { apiErrorText } from "#client/api-error-text.ts";
import { useZodForm } from "#client/form.tsx";
import { PasswordChangeFields } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG, updatePasswordSchema } from "#shared/schemas/accounts.ts";
import { adminSignOut } from "./session";

const schema = updatePasswordSchema.refine((v) => v.old_password !== v.new_password, {
  message: ACCOUNTS_MSG.samePassword,
  path: ["new_password"],
});

/** The admin's password change: every admin session ends, so the login page follows. */
export function AdminPasswordForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(schema, { old_password: "", new_password: "" });
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.touchAll();
    if (!form.data || pending) return;
    setPending(true);
    setProblem(null);
    try {
      await adminApi.patch("/api/admin/private/auth/update/password", {
        body: new URLSearchParams(form.data),
      });
      adminSignOut(queryClient, ACCOUNTS_MSG.passwordUpdated);
    } catch (error) {
      setProblem(apiErrorText(error, t));
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Change password")} className="card p-5">
      <h2 className="mb-1 text-lg font-semibold">{t("Change password")}</h2>
      <p className="mb-4 text-sm text-[var(--muted)]">
        {t("Every admin session, this one too, will be signed out.")}
      </p>
      {problem ? (
        <p role="alert" className="mb-3 text-sm text-[var(--danger)]">
          {problem}
        </p>
      ) : null}
      <PasswordChangeFields form={form} />
      <button type="submit" className="btn btn-primary" disabled={pending} aria-busy={pending}>
        {pending ? t("Please wait…") : t("Update password")}
      </button>
    </form>
  );
}
