import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert, PasswordField, SubmitButton, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { createPasskey } from "#client/two-factor/api.ts";
import { useProofRetry } from "#client/two-factor/proof.tsx";
import { RecoveryCodes } from "#client/two-factor/recovery-codes.tsx";
import { TotpSetup } from "#client/two-factor/totp-setup.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { setToken } from "#web/lib/auth-token.ts";
import { formatDateTime } from "#web/lib/format.ts";
import { twoFactor } from "#web/lib/two-factor.ts";

// Settings → Account: the authenticator app (set up, turn off) and passkeys (add, list, remove).
// Loaded with the Account tab only.

const keys = {
  status: ["two-factor", "status"] as const,
  passkeys: ["two-factor", "passkeys"] as const,
};

function TurnOff({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setProblem(null);
    try {
      await twoFactor.disable({ password, code: code.replace(/[\s-]/g, "") });
      showSnackbar({ message: t("Two-factor sign-in is off."), variant: "success" });
      onDone();
    } catch (error) {
      setProblem(apiErrorText(error, t));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("Turn off two-factor sign-in")} className="mt-3">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <PasswordField
        label={t("Password")}
        value={password}
        onValue={setPassword}
        autoComplete="current-password"
      />
      <TextField
        label={t("Code from your authenticator app")}
        value={code}
        onValue={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        // Room for a pasted code's spaces ("123 456"): they are taken out (WCAG 3.3.8).
        maxLength={12}
      />
      <SubmitButton pending={pending} danger>
        {t("Turn off")}
      </SubmitButton>
    </form>
  );
}

function Passkeys() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: keys.passkeys, queryFn: () => twoFactor.passkeys() });
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { attempt, prompt } = useProofRetry(twoFactor, setToken);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.passkeys });
    void queryClient.invalidateQueries({ queryKey: keys.status });
  };
  const shown = (error: unknown) => setProblem(apiErrorText(error, t));

  // Adding one needs a recent proof (a code or passkey, or the password when there is no factor).
  const add = async () => {
    setProblem(null);
    setPending(true);
    await attempt(async () => {
      const response = await createPasskey(await twoFactor.registerOptions());
      await twoFactor.register(response);
      showSnackbar({ message: t("Passkey added."), variant: "success" });
      refresh();
    }, shown);
    setPending(false);
  };

  const remove = (id: number) => {
    setProblem(null);
    void attempt(async () => {
      await twoFactor.removePasskey(id);
      showSnackbar({ message: t("The passkey was removed."), variant: "success" });
      refresh();
    }, shown);
  };

  if (prompt) return <div className="py-3">{prompt}</div>;

  return (
    <div className="flex flex-col gap-2 py-3">
      <p className="text-sm font-medium">{t("Passkeys")}</p>
      <p className="text-sm text-[var(--muted)]">
        {t("Sign in with your fingerprint, face or screen lock instead of a password.")}
      </p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <ul className="flex flex-col divide-y divide-[var(--line)]" aria-label={t("Your passkeys")}>
        {(list.data?.passkeys ?? []).map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            data-testid="passkey-item"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                {p.name}
                {p.recent ? (
                  <span className="ms-2 rounded-full bg-[var(--accent-soft,var(--line))] px-2 py-0.5 text-xs">
                    {t("Added in the last 24 hours")}
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-[var(--muted)]">
                {p.created_from
                  ? t("Added {{date}} from {{where}}", {
                      date: formatDateTime(p.created_at),
                      where: p.created_from,
                    })
                  : t("Added {{date}}", { date: formatDateTime(p.created_at) })}
                {" · "}
                {p.last_used_at
                  ? t("Last used {{date}}", { date: formatDateTime(p.last_used_at) })
                  : t("Never used")}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => remove(p.id)}
              aria-label={t("Remove passkey {{name}}", { name: p.name })}
            >
              {t("Remove")}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-outline self-start"
        onClick={add}
        disabled={pending}
        aria-busy={pending}
      >
        {t("Add a passkey")}
      </button>
    </div>
  );
}

/** New recovery codes in place of the old ones (with the app on), after a fresh code. */
function RenewRecoveryCodes() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { attempt, prompt } = useProofRetry(twoFactor, setToken);
  if (prompt) return <div className="mt-3">{prompt}</div>;
  if (codes)
    return (
      <div className="mt-3">
        <RecoveryCodes
          codes={codes}
          title={t("New recovery codes. The old ones no longer work")}
          onDone={() => setCodes(null)}
        />
      </div>
    );
  return (
    <div className="mt-2">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <button
        type="button"
        className="btn btn-outline"
        onClick={() =>
          void attempt(
            async () => {
              setCodes((await twoFactor.renewRecoveryCodes()).recovery_codes);
              void queryClient.invalidateQueries({ queryKey: keys.status });
            },
            (error) => setProblem(apiErrorText(error, t)),
          )
        }
      >
        {t("Make new recovery codes")}
      </button>
    </div>
  );
}

export default function TwoFactorSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: keys.status, queryFn: () => twoFactor.status() });
  const [mode, setMode] = useState<"idle" | "setup" | "off">("idle");
  const done = () => {
    setMode("idle");
    void queryClient.invalidateQueries({ queryKey: keys.status });
  };
  const on = status.data?.totp_enabled ?? false;
  return (
    <div className="divide-y divide-[var(--line)]">
      <div className="py-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium">{t("Authenticator app")}</p>
            <p className="text-sm text-[var(--muted)]" data-testid="totp-status">
              {on
                ? t("On. {{count}} recovery codes left.", { count: status.data?.recovery_codes_left ?? 0 })
                : t("Off. Sign-in asks only for your password.")}
            </p>
          </div>
          {mode === "idle" ? (
            <button
              type="button"
              className={on ? "btn btn-outline" : "btn btn-primary"}
              onClick={() => setMode(on ? "off" : "setup")}
            >
              {on ? t("Turn off") : t("Set up")}
            </button>
          ) : (
            <button type="button" className="btn btn-outline" onClick={() => setMode("idle")}>
              {t("Cancel")}
            </button>
          )}
        </div>
        {mode === "setup" ? (
          <div className="mt-3">
            <TotpSetup api={twoFactor} onDone={done} keepToken={setToken} />
          </div>
        ) : null}
        {mode === "off" ? <TurnOff onDone={done} /> : null}
        {on && mode === "idle" ? <RenewRecoveryCodes /> : null}
      </div>
      <Passkeys />
    </div>
  );
}
