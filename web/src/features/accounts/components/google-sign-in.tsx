import { useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ACCOUNTS_MSG } from "#shared/schemas/accounts.ts";
import { GOOGLE_LOGIN_PATH } from "../api";

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.6 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Sign in with Google: a full-page trip to the provider through the API (docs/decisions/010). The
 * API is asked first, so a server without Google configured says so here instead of showing raw JSON.
 */
function GoogleButton({ refUsername, onError }: { refUsername?: string; onError: (m: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const href = refUsername
    ? `${GOOGLE_LOGIN_PATH}?ref_username=${encodeURIComponent(refUsername)}`
    : GOOGLE_LOGIN_PATH;
  return (
    <a
      href={href}
      className="btn btn-outline w-full"
      aria-busy={busy}
      onClick={async (e) => {
        e.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const probe = await fetch(href, { redirect: "manual" });
          // A redirect is the way in; a refusal's code says whether Google sign-in is set up.
          const refused =
            probe.status >= 400 ? ((await probe.json().catch(() => null)) as { code?: string } | null) : null;
          if (refused?.code === "not_configured") {
            onError(t(ACCOUNTS_MSG.googleNotConfigured));
            setBusy(false);
            return;
          }
        } catch {
          // The trip itself will show what is wrong.
        }
        window.location.assign(href);
      }}
    >
      <GoogleMark />
      {t("Continue with Google")}
    </a>
  );
}

function OrDivider() {
  const { t } = useTranslation();
  return (
    <div className="my-4 flex items-center gap-3 text-xs text-[var(--muted)]" aria-hidden="true">
      <span className="h-px flex-1 bg-[var(--line)]" />
      {t("or")}
      <span className="h-px flex-1 bg-[var(--line)]" />
    </div>
  );
}

/** Under the login and sign-up forms: "or", then Continue with Google. */
export function GoogleSignIn(props: { refUsername?: string; onError: (m: string) => void }) {
  return (
    <>
      <OrDivider />
      <GoogleButton {...props} />
    </>
  );
}
