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
