import { useTranslation } from "#client/react-i18n.tsx";
import { errorMessage } from "#web/lib/error-message.ts";

/** A whole list or page that could not load: the reason and a retry (loaded with the error). */
export default function LoadErrorCard({ error, retry }: { error: unknown; retry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <p className="font-semibold">{t("This could not be loaded.")}</p>
      <p className="text-sm text-[var(--muted)]">{errorMessage(error)}</p>
      <button type="button" className="btn btn-outline" onClick={() => retry()}>
        {t("Try again")}
      </button>
    </div>
  );
}
