import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsOf } from "#admin/lib/paged.ts";
import { useDebounced } from "#admin/lib/use-debounced.ts";
import { EmptyList, LoadError, Loading, useDate, useDateTime } from "../../components/ui/list-states";
import { LoadMore } from "../../components/ui/load-more";
import { communityListQuery } from "./queries";

/** The communities table: name and created at, found by the start of their name, loaded in pages. */
export function CommunitiesPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const day = useDate();
  const [text, setText] = useState("");
  const name = useDebounced(text.trim());
  const query = useInfiniteQuery(communityListQuery(name));
  const rows = rowsOf(query.data);
  const total = query.data?.pages[0]?.total_list;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <h1 className="text-2xl font-bold">
        {t("Communities")}
        {total !== undefined ? (
          <span className="ml-2 text-base font-normal text-[var(--muted)]">({total})</span>
        ) : null}
      </h1>
      <input
        type="search"
        className="field"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("Search by name")}
        aria-label={t("Search communities")}
      />
      {query.isPending ? (
        <Loading />
      ) : query.isError && !query.isFetchNextPageError ? (
        <LoadError error={query.error} retry={query.refetch} />
      ) : rows.length === 0 ? (
        <EmptyList>{t("No Communities")}</EmptyList>
      ) : (
        <>
          <div className="card overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="communities-table">
              <thead className="border-b border-[var(--line)] text-xs text-[var(--muted)] uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Name")}
                  </th>
                  <th scope="col" className="hidden px-4 py-2 text-right font-semibold sm:table-cell">
                    {t("Members")}
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    {t("Created at")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-[var(--line)]">
                {rows.map((c) => (
                  <tr key={c.name} data-testid="community-row">
                    <td className="px-4 py-3">
                      <a
                        href={`/c/${encodeURIComponent(c.name)}`}
                        target="_blank"
                        rel="noreferrer"
                        className="flex min-w-0 items-center gap-2 font-semibold hover:underline"
                      >
                        {c.image ? (
                          <img src={c.image} alt="" className="size-8 shrink-0 rounded-full object-cover" />
                        ) : (
                          <span
                            aria-hidden="true"
                            className="grid size-8 shrink-0 place-items-center rounded-full bg-[var(--surface-strong)] text-xs"
                          >
                            c/
                          </span>
                        )}
                        <span className="wrap-anywhere">c/{c.name}</span>
                        {c.is_verified ? (
                          <span className="shrink-0 text-xs text-[var(--accent)]">{t("Verified")}</span>
                        ) : null}
                      </a>
                    </td>
                    <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                      {c.total_members}
                    </td>
                    <td className="px-4 py-3 text-[var(--muted)]">
                      <span className="sm:hidden">{day(c.created_at)}</span>
                      <span className="hidden whitespace-nowrap sm:inline">{when(c.created_at)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} />
        </>
      )}
    </div>
  );
}
