import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiErrorText } from "#client/api-error-text.ts";
import { FormAlert, PasswordField, SubmitButton, TextField } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { createPasskey, isStepUpRequired } from "#client/two-factor/api.ts";
import { StepUpPrompt } from "#client/two-factor/step-up.tsx";
import { TotpSetup } from "#client/two-factor/totp-setup.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { setToken } from "#web/lib/auth-token.ts";
import { twoFactor } from "./api";

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
      await twoFactor.disable({ password, code: code.trim() });
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
        maxLength={6}
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
  const [retry, setRetry] = useState<(() => Promise<void>) | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.passkeys });
    void queryClient.invalidateQueries({ queryKey: keys.status });
  };

  const add = async () => {
    setProblem(null);
    setPending(true);
    try {
      const response = await createPasskey(await twoFactor.registerOptions());
      await twoFactor.register(response);
      showSnackbar({ message: t("Passkey added."), variant: "success" });
      refresh();
    } catch (error) {
      setProblem(apiErrorText(error, t));
    } finally {
      setPending(false);
    }
  };

  const remove = async (id: number) => {
    setProblem(null);
    try {
      await twoFactor.removePasskey(id);
      showSnackbar({ message: t("The passkey was removed."), variant: "success" });
      refresh();
    } catch (error) {
      if (isStepUpRequired(error)) setRetry(() => () => remove(id));
      else setProblem(apiErrorText(error, t));
    }
  };

  if (retry) {
    return (
      <StepUpPrompt
        api={twoFactor}
        onCancel={() => setRetry(null)}
        onToken={(token) => {
          setToken(token);
          const again = retry;
          setRetry(null);
          void again();
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-2 py-3">
      <p className="text-sm font-medium">{t("Passkeys")}</p>
      <p className="text-sm text-[var(--muted)]">
        {t("Sign in with your fingerprint, face or screen lock instead of a password.")}
      </p>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <ul className="flex flex-col gap-1" aria-label={t("Your passkeys")}>
        {(list.data?.passkeys ?? []).map((p) => (
          <li
            key={p.id}
            className="flex items-center justify-between gap-2 text-sm"
            data-testid="passkey-item"
          >
            <span>{p.name}</span>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void remove(p.id)}
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
            <TotpSetup api={twoFactor} onDone={done} />
          </div>
        ) : null}
        {mode === "off" ? <TurnOff onDone={done} /> : null}
      </div>
      <Passkeys />
    </div>
  );
}
