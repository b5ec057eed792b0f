import { type FormEvent, useState } from "react";
import { apiErrorText } from "../api-error-text";
import { FormAlert, SubmitButton, TextField } from "../form-fields";
import { ApiError } from "../http";
import { useTranslation } from "../react-i18n";

/**
 * Asks for a 6-digit code from the app or, when `allowRecovery`, a recovery code instead. The
 * answer is given to `onCode`; a refusal of the code is shown once, at the field (the code kept),
 * any other above it.
 */
export function CodeForm({
  onCode,
  allowRecovery = false,
  submitLabel,
  extra,
}: {
  onCode: (input: { code?: string; recovery_code?: string }) => Promise<unknown>;
  allowRecovery?: boolean;
  submitLabel: string;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The API's refusal of the code itself ("This code is not right"): said once, at the field.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const clean = recovery ? value.replace(/\s/g, "") : value.replace(/[\s-]/g, "");
  const invalid = recovery ? !/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(clean) : !/^\d{6}$/.test(clean);
  const fieldError =
    touched && invalid
      ? recovery
        ? "Enter a code from your app or a recovery code."
        : "Enter the 6-digit code from your authenticator app."
      : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (invalid || pending) return;
    setPending(true);
    setProblem(null);
    try {
      await onCode(recovery ? { recovery_code: clean } : { code: clean });
    } catch (error) {
      const atField =
        error instanceof ApiError ? (error.fields?.code ?? error.fields?.recovery_code) : undefined;
      // The typed code stays, so a slip of one digit is fixed where it is.
      if (atField) setRefusal(atField);
      else setProblem(apiErrorText(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("Two-factor code")}>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <TextField
        label={recovery ? t("Recovery code") : t("Code from your authenticator app")}
        value={value}
        onValue={(next) => {
          setValue(next);
          setRefusal(null);
        }}
        error={fieldError ?? refusal ?? undefined}
        autoFocus
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        // Room for a pasted code's spaces ("123 456", "abcde - 12345"): they are taken out (WCAG 3.3.8).
        maxLength={recovery ? 16 : 12}
        name={recovery ? "recovery_code" : "code"}
      />
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      {allowRecovery ? (
        <button
          type="button"
          className="mt-3 text-sm font-semibold text-[var(--accent)] hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setValue("");
            setTouched(false);
            setProblem(null);
            setRefusal(null);
          }}
        >
          {recovery ? t("Use a code from your app") : t("Lost your phone? Use a recovery code")}
        </button>
      ) : null}
      {extra}
    </form>
  );
}
