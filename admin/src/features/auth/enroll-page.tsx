import { useQueryClient } from "@tanstack/react-query";
import { setAdminToken } from "#admin/lib/admin-token.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { TotpSetup } from "#client/two-factor/totp-setup.tsx";
import { adminFactorKey, adminTwoFactor } from "./two-factor";

/**
 * Staff must have a second factor: until the app is on, this screen is all the admin site shows
 * (the Worker refuses everything else too).
 */
export default function EnrollPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <main className="grid min-h-dvh place-items-center p-4">
      <section className="card w-full max-w-md p-6" aria-labelledby="enroll-title">
        <h1 id="enroll-title" className="mb-2 text-xl font-semibold">
          {t("Set up two-factor sign-in")}
        </h1>
        <p className="mb-4 text-sm text-[var(--muted)]">
          {t("Staff must turn on two-factor sign-in before doing anything else.")}
        </p>
        <TotpSetup
          api={adminTwoFactor}
          onDone={() => void queryClient.invalidateQueries({ queryKey: adminFactorKey })}
          keepToken={setAdminToken}
        />
      </section>
    </main>
  );
}
