import { useTranslation } from "#client/react-i18n.tsx";

/** A loading indicator with a spoken label; `label` overrides "Loading". */
export function Spinner({ label, size = 24 }: { label?: string; size?: number }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center justify-center text-[var(--muted)]">
      <svg viewBox="0 0 24 24" width={size} height={size} className="animate-spin" aria-hidden="true">
        <circle
          cx="12"
          cy="12"
          r="9"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="3"
        />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label ?? t("Loading")}</span>
    </span>
  );
}
