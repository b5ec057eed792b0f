import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { twoFactor } from "#web/lib/two-factor.ts";

/** The names of the passkeys added in the last 24 hours (none while the list loads). */
export function useRecentPasskeys(): string[] {
  const list = useQuery({ queryKey: ["two-factor", "passkeys"], queryFn: () => twoFactor.passkeys() });
  return (list.data?.passkeys ?? []).filter((p) => p.recent).map((p) => p.name);
}

/** The offer a password change and "sign out everywhere" make: also remove the recent passkeys. */
export function RemoveRecentPasskeys({
  names,
  checked,
  onChange,
}: {
  names: string[];
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="mb-4 flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        {t("Also remove the passkeys added in the last 24 hours: {{names}}", { names: names.join(", ") })}
        <span className="block text-[var(--muted)]">{t("Do this if you did not add them yourself.")}</span>
      </span>
    </label>
  );
}
