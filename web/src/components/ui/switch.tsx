import { useId } from "react";
import { busyProps } from "#client/busy.ts";
import { useTranslation } from "#client/react-i18n.tsx";

/**
 * A labelled on/off switch (role="switch"): a form's toggle, or one of the user's saved settings.
 * `className` sets the row's spacing; extra `data-*` attributes go to the button. `busy` (its
 * request in flight) ignores presses but keeps keyboard focus, where `disabled` would drop it.
 */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled = false,
  busy = false,
  className = "mb-4",
  data,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  data?: Record<`data-${string}`, string>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`}>
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        {description ? (
          <p id={`${id}-description`} className="text-xs text-[var(--muted)]">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        {...busyProps(busy)}
        onClick={() => busy || onChange(!checked)}
        {...data}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60 aria-disabled:opacity-60 ${
          checked ? "bg-[var(--accent)]" : "bg-[var(--field-line)]"
        }`}
      >
        <span className="sr-only">{checked ? t("On") : t("Off")}</span>
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-[var(--surface)] shadow transition-transform ${
            checked ? "translate-x-5" : ""
          }`}
        />
      </button>
    </div>
  );
}
