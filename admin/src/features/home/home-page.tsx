import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { NEW_USERS_TODAY_DAYS, NEW_USERS_WEEK_DAYS } from "#shared/schemas/admin.ts";
import { EmptyList, Pager } from "../../components/ui/list-states";
import { UserRow } from "../users/user-row";
import { newUsersQueryOptions, userStatsQueryOptions } from "./queries";

const PAGE = 20;

const STATS = [
  { key: "total_users", label: msg("Total users") },
  { key: "total_unpaid_users", label: msg("Free users") },
  { key: "total_paid_users", label: msg("User plan") },
  { key: "total_paid_businesses", label: msg("Business plan") },
] as const;

function Stats() {
  const { t, i18n } = useTranslation();
  const stats = useQuery(userStatsQueryOptions());
  if (stats.isPending) return <ListSkeleton rows={1} />;
  if (stats.isError) return <LoadError error={stats.error} retry={stats.refetch} />;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="stats-title" className="card overflow-hidden">
      <h2 id="stats-title" className="border-b border-[var(--line)] px-4 py-3 font-semibold">
        {t("User stats")}
      </h2>
      <table className="w-full text-sm">
        <tbody>
          {STATS.map((s) => (
            <tr key={s.key} className="border-b border-[var(--line)] last:border-0">
              <th scope="row" className="px-4 py-2 text-left font-normal text-[var(--muted)]">
                {t(s.label)}
              </th>
              <td className="px-4 py-2 text-right font-semibold tabular-nums" data-testid={`stat-${s.key}`}>
                {number.format(stats.data[s.key])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function NewUsers() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(NEW_USERS_TODAY_DAYS);
  const [page, setPage] = useState(0);
  const users = useQuery(newUsersQueryOptions(days, page * PAGE, PAGE));
  const choose = (d: number) => {
    setDays(d);
    setPage(0);
  };
  return (
    <section aria-labelledby="new-users-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="new-users-title" className="text-lg font-semibold">
          {t("New users")}
          {users.data ? (
            <span className="ml-2 text-sm text-[var(--muted)]">({users.data.total_list})</span>
          ) : null}
        </h2>
        <fieldset className="flex rounded-full border border-[var(--line)] p-0.5">
          <legend className="sr-only">{t("Period")}</legend>
          {[
            { d: NEW_USERS_TODAY_DAYS, label: t("Today") },
            { d: NEW_USERS_WEEK_DAYS, label: t("This Week") },
          ].map((o) => (
            <button
              key={o.d}
              type="button"
              aria-pressed={days === o.d}
              onClick={() => choose(o.d)}
              className={`rounded-full px-3 py-1 text-sm ${days === o.d ? "bg-[var(--accent)] font-semibold text-[var(--accent-text)]" : ""}`}
            >
              {o.label}
            </button>
          ))}
        </fieldset>
      </div>
      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError ? (
        <LoadError error={users.error} retry={users.refetch} />
      ) : users.data.list.length === 0 ? (
        <EmptyList>{t("Nobody joined in this period.")}</EmptyList>
      ) : (
        <>
          <ul className="card divide-y divide-[var(--line)] overflow-hidden" aria-label={t("New users")}>
            {users.data.list.map((u) => (
              <UserRow key={u.username} user={u} />
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE} totalPages={users.data.total_pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** The admin home: the user totals and who joined today or this week. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("Home")}</h1>
      <Stats />
      <NewUsers />
    </div>
  );
}
