import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";

const ITEMS = [
  { label: msg("Home"), to: "/" },
  { label: msg("Email Templates"), to: "/email/template" },
  { label: msg("Blog"), to: "/blog" },
  { label: msg("Files"), to: "/files" },
  { label: msg("Communities"), to: "/communities" },
  { label: msg("Feedbacks"), to: "/feedbacks" },
  { label: msg("Users"), to: "/users" },
  { label: msg("Admins"), to: "/admins" },
  { label: msg("Reports"), to: "/reports" },
  { label: msg("Appeals"), to: "/appeals" },
  { label: msg("Jobs"), to: "/jobs" },
  { label: msg("Payments"), to: "/payments" },
  { label: msg("Audit"), to: "/audit" },
] as const;

/** The admin site's menu of staff pages. */
export function AdminMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Admin menu")} className="flex flex-col gap-0.5 p-3" data-testid="admin-menu">
      {ITEMS.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          onClick={onNavigate}
          activeOptions={{ exact: item.to === "/" }}
          className="rounded-lg px-3 py-2 text-sm hover:bg-[var(--hover)] [&.active]:bg-[var(--hover)] [&.active]:font-semibold"
        >
          {t(item.label)}
        </Link>
      ))}
    </nav>
  );
}
