import { apiErrorText } from "../api-error-text";
import { useTranslation } from "../react-i18n";

/** A whole list or page that could not load: the reason and a retry (loaded with the error). */
export default function LoadErrorCard({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="font-semibold">{t("This could not be loaded.")}</p>
      <p className="text-sm text-[var(--muted)]">{apiErrorText(error, t)}</p>
      <button type="button" className="btn btn-outline" onClick={() => retry()}>
        {t("Try again")}
      </button>
    </div>
  );
}
