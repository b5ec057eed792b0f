import { useTranslation } from "#client/react-i18n.tsx";

/** Said plainly on every money screen of a server without provider keys: nothing pretends to work. */
export function PaymentsNotConfigured() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-sm text-[var(--muted)]" data-testid="payments-not-configured">
      {t("Payments are not configured on this server.")}
    </p>
  );
}
