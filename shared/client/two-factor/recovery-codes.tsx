import { useTranslation } from "../react-i18n";

/** Ten recovery codes, shown once: after turning the app on, or after making new ones. */
export function RecoveryCodes({
  codes,
  title,
  onDone,
}: {
  codes: string[];
  title: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-title" className="flex flex-col gap-3">
      <h3 id="recovery-title" className="font-semibold">
        {title}
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
