import type { UserBooleanSetting } from "#shared/enums.ts";
import type { Me } from "#shared/schemas/user.ts";
import { Switch } from "#web/components/ui/switch.tsx";
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
  const flip = useFlipSetting(setting);
  return (
    <Switch
      label={label}
      description={description}
      checked={me.settings[setting] ?? false}
      onChange={() => flip.mutate()}
      busy={flip.isPending}
      className="py-3"
      data={{ "data-setting": setting }}
    />
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
