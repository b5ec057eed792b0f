import { useEffect, useState } from "react";
import type { TotpSetup as Setup } from "#shared/schemas/mfa.ts";
import { apiErrorText } from "../api-error-text";
import { FormAlert } from "../form-fields";
import { useTranslation } from "../react-i18n";
import type { TwoFactorApi } from "./api";
import { CodeForm } from "./code-form";
import { QrCode } from "./qr-code";

/**
 * Turning an authenticator app on: the QR code and the key as text, then its first code, then the
 * ten recovery codes, shown this once. `onDone` runs when the person has kept them.
 */
export function TotpSetup({ api, onDone }: { api: TwoFactorApi; onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .setup()
      .then((s) => live && setSetup(s))
      .catch((error) => live && setProblem(apiErrorText(error, t)));
    return () => {
      live = false;
    };
  }, [api, t]);

  if (codes) {
    return (
      <section aria-labelledby="recovery-title" className="flex flex-col gap-3">
        <h3 id="recovery-title" className="font-semibold">
          {t("Two-factor sign-in is on. Keep these recovery codes")}
        </h3>
        <p className="text-sm text-[var(--muted)]">
          {t("Each one signs you in once if you lose your phone. They are shown only now.")}
        </p>
        <ul className="grid grid-cols-2 gap-2 font-mono text-sm" aria-label={t("Recovery codes")}>
          {codes.map((code) => (
            <li key={code} className="rounded border border-[var(--border)] px-2 py-1">
              {code}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t("I have saved my recovery codes")}
        </button>
      </section>
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
            onCode={async ({ code }) => setCodes((await api.enable(code ?? "")).recovery_codes)}
          />
        </>
      ) : problem ? null : (
        <p role="status">{t("Loading…")}</p>
      )}
    </section>
  );
}
