import { type ReactNode, useId } from "react";
import { FieldLabel } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";

// Fields of the job and service forms that the shared form kit has no piece for: a select, a
// long text with its counter, a checkbox. Errors are i18n keys, shown translated.

export function SelectField({
  label,
  value,
  onValue,
  onBlur,
  options,
  placeholder,
  error,
  name,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  options: Array<{ value: string; label: string }>;
  /** A first, empty choice ("Choose a category") while nothing is chosen. */
  placeholder?: string;
  error?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mb-4">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        name={name}
        value={value}
        required
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field"
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <div aria-live="polite">
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {t(error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A text area with an "n / max" counter, red past the limit. */
export function LongTextField({
  label,
  value,
  onValue,
  onBlur,
  max,
  error,
  required = true,
  rows = 4,
  placeholder,
  hint,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
  max: number;
  error?: string;
  required?: boolean;
  rows?: number;
  placeholder?: string;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const length = value.trim().length;
  return (
    <div className="mb-4">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        value={value}
        rows={rows}
        required={required}
        placeholder={placeholder}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ""}`}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
        className="field resize-y"
      />
      <div className="mt-1 flex justify-between gap-3 text-xs">
        <div aria-live="polite">
          {error ? (
            <p id={`${id}-error`} className="field-error mt-0">
              {t(error)}
            </p>
          ) : (
            <span className="text-[var(--muted)]">{hint}</span>
          )}
        </div>
        <span
          id={`${id}-counter`}
          className={`shrink-0 tabular-nums ${length > max ? "text-[var(--danger)]" : "text-[var(--muted)]"}`}
        >
          {length} / {max}
        </span>
      </div>
    </div>
  );
}
