import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { useDateTime } from "../../components/ui/list-states";

const STATUS_TONE: Record<AdminUser["status"], string> = {
  ACTIVE: "bg-[var(--success)]/15 text-[var(--success)]",
  UNCONFIRMED: "bg-[var(--warning)]/15 text-[var(--warning)]",
  SUSPENDED: "bg-[var(--danger)]/15 text-[var(--danger)]",
  INACTIVE: "bg-[var(--surface-strong)] text-[var(--muted)]",
};

export function StatusBadge({ status }: { status: AdminUser["status"] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>{status}</span>
  );
}

export function Avatar({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <img src={src} alt="" className="size-10 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden="true"
      className="grid size-10 shrink-0 place-items-center rounded-full bg-[var(--accent)] font-bold text-[var(--accent-text)] uppercase"
    >
      {name.slice(0, 1)}
    </span>
  );
}

/** One person in a list: avatar, username, e-mail, status and when they joined; opens their page. */
export function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <li>
      <Link
        to="/$username"
        params={{ username: user.username }}
        className="flex items-center gap-3 px-4 py-3 hover:bg-[var(--hover)]"
        data-testid="user-row"
      >
        <Avatar src={user.profile_image} name={user.username} />
        <span className="min-w-0 flex-1">
          <span className="block wrap-anywhere font-semibold">
            {user.profile_name ?? user.username}{" "}
            <span className="font-normal text-[var(--muted)]">@{user.username}</span>
          </span>
          <span className="block wrap-anywhere text-sm text-[var(--muted)]">{user.email}</span>
        </span>
        <span className="hidden text-xs text-[var(--muted)] sm:block">
          {t("Joined {{date}}", { date: when(user.created_at) })}
        </span>
        <StatusBadge status={user.status} />
      </Link>
    </li>
  );
}
