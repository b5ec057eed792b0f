import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UserBooleanSetting } from "#shared/enums.ts";
import type { Me } from "#shared/schemas/user.ts";
import { useFlipSetting } from "../use-setting";

/** A labelled on/off switch for one of the user's boolean settings. */
export function SettingSwitch({
  me,
  setting,
  label,
  description,
}: {
  me: Me;
  setting: UserBooleanSetting;
  label: string;
  description?: string;
}) {
  const { t } = useTranslation();
  const flip = useFlipSetting(setting);
  const id = useId();
  const on = me.settings[setting] ?? false;
  return (
    <div className="flex items-center justify-between gap-4 py-3">
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
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={flip.isPending}
        onClick={() => flip.mutate()}
        data-setting={setting}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60 ${
          on ? "bg-[var(--accent)]" : "bg-[var(--line)]"
        }`}
      >
        <span className="sr-only">{on ? t("On") : t("Off")}</span>
        <span
          aria-hidden="true"
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${
            on ? "translate-x-5" : ""
          }`}
        />
      </button>
    </div>
  );
}

/** A titled group of settings. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="card p-4 md:p-5" aria-label={title}>
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-[var(--muted)]">{description}</p> : null}
      <div className="mt-2 divide-y divide-[var(--line)]">{children}</div>
    </section>
  );
}
