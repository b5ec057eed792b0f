import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { MAX_PAGE_SIZE } from "#shared/constants.ts";
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from "#shared/schemas/admin.ts";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { adminListQueryOptions } from "../users/queries";
import { type AuditFilter, auditListQueryOptions } from "./queries";

/** A target names a person as `user:{username}`; that one links to their page. */
function Target({ target }: { target: string }) {
  const person = /^user:(.+)$/.exec(target)?.[1];
  return person ? (
    <Link to="/$username" params={{ username: person }} className="wrap-anywhere hover:underline">
      {target}
    </Link>
  ) : (
    <span className="wrap-anywhere">{target}</span>
  );
}

function EntryRow({ entry, onAdmin }: { entry: AuditEntry; onAdmin: (admin: string) => void }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <li
      className="grid gap-1 px-4 py-3 text-sm leading-6 sm:grid-cols-[12.5rem_9rem_1fr] sm:gap-x-4"
      data-testid="audit-row"
    >
      <span className="text-xs text-[var(--muted)] sm:text-sm sm:leading-6">{when(entry.created_at)}</span>
      <button
        type="button"
        className="w-fit max-w-full self-start wrap-anywhere text-left leading-6 font-semibold hover:underline"
        title={t("Only {{admin}}", { admin: entry.admin })}
        onClick={() => onAdmin(entry.admin)}
      >
        {entry.admin}
      </button>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-2">
          <span
            className="rounded bg-[var(--surface-strong)] px-1.5 py-0.5 font-mono text-xs"
            data-testid="audit-action"
          >
            {entry.action}
          </span>
          <Target target={entry.target} />
        </span>
        {entry.detail ? (
          <span className="break-words whitespace-pre-wrap text-[var(--muted)]">{entry.detail}</span>
        ) : null}
      </span>
    </li>
  );
}

/** Every change staff made, newest first: who, when, what, to what; by action and by admin. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<AuditFilter>({ action: "", admin: "" });
  const query = useInfiniteQuery(auditListQueryOptions(filter));
  const admins = useQuery(adminListQueryOptions(0, MAX_PAGE_SIZE));
  const names = admins.data?.list.map((a) => a.username) ?? [];
  if (filter.admin && !names.includes(filter.admin)) names.unshift(filter.admin);
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Audit log")} total={totalOf(query.data)} />
      <div className="flex flex-wrap gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:flex-none">
          <span className="font-semibold">{t("Action")}</span>
          <select
            className="field"
            value={filter.action}
            onChange={(e) => setFilter((f) => ({ ...f, action: e.target.value as AuditAction | "" }))}
          >
            <option value="">{t("All actions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:flex-none">
          <span className="font-semibold">{t("Admin")}</span>
          <select
            className="field"
            value={filter.admin}
            onChange={(e) => setFilter((f) => ({ ...f, admin: e.target.value }))}
          >
            <option value="">{t("All admins")}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {filter.action || filter.admin ? (
          <button
            type="button"
            className="btn btn-ghost self-end"
            onClick={() => setFilter({ action: "", admin: "" })}
          >
            {t("Clear filters")}
          </button>
        ) : null}
      </div>
      <InfiniteList
        query={query}
        empty={
          filter.action || filter.admin ? t("No change matches these filters.") : t("No admin change yet.")
        }
      >
        {(rows) => (
          <ul className="card divide-y divide-[var(--line)]" aria-label={t("Audit log")}>
            {rows.map((entry) => (
              <EntryRow
                key={entry.id}
                entry={entry}
                onAdmin={(admin) => setFilter((f) => ({ ...f, admin }))}
              />
            ))}
          </ul>
        )}
      </InfiniteList>
    </div>
  );
}
