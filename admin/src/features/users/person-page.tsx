import { useQuery } from "@tanstack/react-query";
import { apiErrorText } from "#client/api-error-text.ts";
import { busyProps } from "#client/busy.ts";
import { ApiError } from "#client/http.ts";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import {
  ADMIN_MSG,
  ADMIN_SETTABLE_STATUSES,
  type AdminSettableStatus,
  type AdminUserDetail,
} from "#shared/schemas/admin.ts";
import { MODERATION_MSG } from "#shared/schemas/moderation.ts";
import { AdminEmptyPage } from "../../components/admin-empty-page";
import { useDateTime } from "../../components/ui/list-states";
import { useSetTrustLevel, useSetUserStatus } from "./mutations";
import { adminAccountQueryOptions, userQueryOptions } from "./queries";
import { Avatar, StatusBadge } from "./user-row";

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function StatusControl({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const setStatus = useSetUserStatus();
  const choose = async (status: AdminSettableStatus) => {
    if (status === user.status || setStatus.isPending) return;
    if (!(await confirm({ message: t("Are you sure about this?"), danger: status === "SUSPENDED" }))) return;
    setStatus.mutate(
      { email: user.email, user_status: status },
      {
        onSuccess: () =>
          showSnackbar({
            variant: "success",
            message: t(ADMIN_MSG.statusUpdated).replace("{status}", status).replace("{email}", user.email),
          }),
        onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
      },
    );
  };
  if (user.deleted_at || user.status === "INACTIVE")
    return <p className="text-sm text-[var(--muted)]">{t(ADMIN_MSG.deletedAccount)}</p>;
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t("Status")}</legend>
      {ADMIN_SETTABLE_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={user.status === status}
          {...busyProps(setStatus.isPending)}
          onClick={() => void choose(status)}
          className={`btn ${user.status === status ? "btn-primary" : "btn-outline"}`}
        >
          {status}
        </button>
      ))}
    </fieldset>
  );
}

const TRUST_LABEL = [msg("New"), msg("Member"), msg("Regular")] as const;

/** The person's trust level (their daily write limits follow it); staff may set it by hand. */
function TrustControl({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const setLevel = useSetTrustLevel();
  const choose = (level: number) => {
    if ((level === user.trust_level && user.trust_level_manual) || setLevel.isPending) return;
    setLevel.mutate(
      { username: user.username, trust_level: level },
      {
        onSuccess: () => showSnackbar({ variant: "success", message: t(MODERATION_MSG.trustLevelSet) }),
        onError: (error) => showSnackbar({ message: apiErrorText(error, t), variant: "error" }),
      },
    );
  };
  return (
    <div>
      <h2 className="mb-2 font-semibold">{t("Trust level")}</h2>
      <fieldset className="flex flex-wrap gap-2" data-testid="trust-level">
        <legend className="sr-only">{t("Trust level")}</legend>
        {TRUST_LABEL.map((label, level) => (
          <button
            key={label}
            type="button"
            aria-pressed={user.trust_level === level}
            {...busyProps(setLevel.isPending)}
            onClick={() => choose(level)}
            className={`btn ${user.trust_level === level ? "btn-primary" : "btn-outline"}`}
          >
            {level} · {t(label)}
          </button>
        ))}
      </fieldset>
      <p className="mt-1 text-xs text-[var(--muted)]">
        {user.trust_level_manual
          ? t("Set by staff: it no longer changes by itself.")
          : t("Worked out from age, contributions and upheld reports.")}
      </p>
    </div>
  );
}

function UserCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const facts = [
    [t("Followers"), user.total_followers],
    [t("Following"), user.total_following],
    [t("Posts"), user.total_microposts],
    [t("Reports"), user.total_reports],
  ] as const;
  return (
    <section className="card flex flex-col gap-4 p-5" aria-labelledby="person-name" data-testid="user-card">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar src={user.profile_image} name={user.username} />
        <div className="min-w-0 flex-1">
          <h1 id="person-name" className="wrap-anywhere text-xl font-semibold">
            {user.profile_name ?? user.username}
          </h1>
          <p className="wrap-anywhere text-sm text-[var(--muted)]">
            @{user.username} · {user.email}
          </p>
          <p className="mt-1 text-xs text-[var(--muted)]">
            {t("Joined {{date}}", { date: when(user.created_at) })}
          </p>
        </div>
        <StatusBadge status={user.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-[var(--surface-strong)] px-3 py-2">
            <dt className="text-xs text-[var(--muted)]">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex flex-wrap gap-2 text-xs">
        {user.is_staff ? (
          <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5">{t("Staff")}</span>
        ) : null}
        {user.is_verified_user ? (
          <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5">{t("Verified user")}</span>
        ) : null}
        {user.is_verified_business ? (
          <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5">
            {t("Verified business")}
          </span>
        ) : null}
        <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5">
          {user.newsletter ? t("Newsletter on") : t("Newsletter off")}
        </span>
      </p>
      <div>
        <h2 className="mb-2 font-semibold">{t("Status")}</h2>
        <StatusControl user={user} />
      </div>
      {user.deleted_at ? null : <TrustControl user={user} />}
    </section>
  );
}

/** /admin/{username} of anyone but oneself: the person (with their status) or the admin of that name. */
export function PersonPage({ username }: { username: string }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const user = useQuery(userQueryOptions(username));
  const admin = useQuery(adminAccountQueryOptions(username));
  if (user.isPending || admin.isPending) return <ListSkeleton rows={2} />;
  if (user.isError && !notFound(user.error)) return <LoadError error={user.error} retry={user.refetch} />;
  if (admin.isError && !notFound(admin.error)) return <LoadError error={admin.error} retry={admin.refetch} />;
  if (!user.data && !admin.data) return <AdminEmptyPage />;
  return (
    <div className="flex flex-col gap-4">
      {user.data ? <UserCard user={user.data} /> : null}
      {admin.data ? (
        <section className="card flex flex-wrap items-center gap-4 p-5" data-testid="admin-card">
          <Avatar src={admin.data.profile_image} name={admin.data.username} />
          <div className="min-w-0 flex-1">
            <h2 className="wrap-anywhere text-xl font-semibold">{admin.data.username}</h2>
            {admin.data.email ? (
              <p className="wrap-anywhere text-sm text-[var(--muted)]">{admin.data.email}</p>
            ) : null}
            <p className="mt-1 text-xs text-[var(--muted)]">
              <span className="mr-2 rounded-full bg-[var(--surface-strong)] px-2 py-0.5 font-semibold">
                {t("Admin")}
              </span>
              {t("Joined {{date}}", { date: when(admin.data.created_at) })}
            </p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
