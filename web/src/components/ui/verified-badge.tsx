import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Owner } from "#shared/schemas/user.ts";

type Badged = Pick<Owner, "is_staff" | "is_verified_user" | "is_verified_business">;

/** Which badge a person carries: staff first, then business, then user. */
export function badgeOf(person: Badged): string | null {
  if (person.is_staff) return msg("Verified Staff");
  if (person.is_verified_business) return msg("Verified Business");
  if (person.is_verified_user) return msg("Verified User");
  return null;
}

/**
 * A check mark with the badge's name: the full label on profiles, the mark alone with a tooltip in
 * lists. A verified community carries the same mark under its own `label`.
 */
export function VerifiedBadge({
  person = {},
  label: named,
  compact = false,
}: {
  person?: Partial<Badged>;
  label?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const badge = named ?? badgeOf(person as Badged);
  if (!badge) return null;
  const label = t(badge);
  const tone = person.is_staff
    ? "text-[var(--accent)]"
    : person.is_verified_business
      ? "text-[var(--warning)]"
      : "text-[var(--info)]";
  const mark = (
    <svg viewBox="0 0 24 24" width={compact ? 16 : 18} height={compact ? 16 : 18} aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 1.5 14.6 4l3.5-.4.9 3.4 3.1 1.8-1.3 3.2 1.3 3.2-3.1 1.8-.9 3.4-3.5-.4L12 22.5 9.4 20l-3.5.4L5 17l-3.1-1.8L3.2 12 1.9 8.8 5 7l.9-3.4 3.5.4z"
      />
      <path
        d="m7.5 12.2 3 3 6-6.2"
        fill="none"
        stroke="white"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
  if (compact)
    return (
      <span className={`inline-flex shrink-0 ${tone}`} title={label} role="img" aria-label={label}>
        {mark}
      </span>
    );
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-[var(--surface-strong)] px-2 py-0.5 text-xs font-semibold ${tone}`}
      data-testid="verified-badge"
    >
      {mark}
      {label}
    </span>
  );
}
