import { useId } from "react";
import { useTranslation } from "react-i18next";

/** A labelled text area with a live "n / max" counter and its error under it. */
export function TextAreaField({
  label,
  value,
  onValue,
  onBlur,
  error,
  min,
  max,
  rows = 4,
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur: () => void;
  /** An i18n key. */
  error?: string;
  min: number;
  max: number;
  rows?: number;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const length = value.trim().length;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="field-label">
        {label}{" "}
        <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
          *
        </span>
      </label>
      <textarea
        id={id}
        value={value}
        rows={rows}
        required
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ""}`}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
        className="field resize-y"
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        {error ? (
          <p id={`${id}-error`} className="field-error mt-0">
            {t(error)}
          </p>
        ) : (
          <span className="text-[var(--muted)]">
            {t("Between {{min}} and {{max}} characters", { min, max })}
          </span>
        )}
        <span
          id={`${id}-counter`}
          className={`shrink-0 tabular-nums ${length > max || (length > 0 && length < min) ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
        >
          {length} / {max}
        </span>
      </div>
    </div>
  );
}
