import { useEffect, useState } from "react";
import type { TotpSetup as Setup } from "#shared/schemas/two-factor.ts";
import { apiErrorText } from "../api-error-text";
import { FormAlert } from "../form-fields";
import { useTranslation } from "../react-i18n";
import type { TwoFactorApi } from "./api";
import { CodeForm } from "./code-form";
import { useProofRetry } from "./proof";
import { QrCode } from "./qr-code";
import { RecoveryCodes } from "./recovery-codes";

/**
 * Turning an authenticator app on: the QR code and the key as text, then its first code, then the
 * ten recovery codes, shown this once. `onDone` runs when the person has kept them.
 */
export function TotpSetup({
  api,
  onDone,
  keepToken,
}: {
  api: TwoFactorApi;
  onDone: () => void;
  /** A new session token: after proving it is you, or (staff) the one the change answered. */
  keepToken: (token: string) => void;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { attempt, prompt } = useProofRetry(api, keepToken);

  // Starting the set-up needs a recent proof; the prompt asks for it when the Worker does. It runs
  // once, when the set-up opens (`attempt` is new each render, and only starts the call).
  useEffect(() => {
    let live = true;
    void attempt(
      async () => {
        const started = await api.setup();
        if (live) setSetup(started);
      },
      (error) => live && setProblem(apiErrorText(error, t)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  if (prompt) return prompt;
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        title={t("Two-factor sign-in is on. Keep these recovery codes")}
        onDone={onDone}
      />
    );
  }

  return (
    <section className="flex flex-col gap-3">
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <p className="text-sm">
        {t("Scan this QR code with your authenticator app, then enter the code it shows.")}
      </p>
      {setup ? (
        <>
          <QrCode text={setup.otpauth_uri} label={t("QR code for your authenticator app")} />
          <p className="text-sm">
            {t("Or type this key:")}{" "}
            <code className="font-mono break-all select-all" data-testid="totp-secret">
              {setup.secret}
            </code>
          </p>
          <CodeForm
            submitLabel={t("Turn on")}
            onCode={async ({ code }) => {
              const answer = await api.enable(code ?? "");
              if (answer.access_token) keepToken(answer.access_token);
              setCodes(answer.recovery_codes);
            }}
          />
        </>
      ) : problem ? null : (
        <p role="status">{t("Loading…")}</p>
      )}
    </section>
  );
}
