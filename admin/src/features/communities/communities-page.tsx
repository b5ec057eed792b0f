import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { totalOf } from "#admin/lib/paged.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { useDebounced } from "#client/use-debounced.ts";
import { DataTable, InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDate, useDateTime } from "../../components/ui/list-states";
import { communityListQueryOptions } from "./queries";

/** The communities table: name and created at, found by the start of their name, loaded in pages. */
export function CommunitiesPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const day = useDate();
  const [text, setText] = useState("");
  const name = useDebounced(text.trim());
  const query = useInfiniteQuery(communityListQueryOptions(name));
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={t("Communities")} total={totalOf(query.data)} />
      <input
        type="search"
        className="field"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("Search by name")}
        aria-label={t("Search communities")}
      />
      <InfiniteList query={query} empty={t("No Communities")}>
        {(rows) => (
          <DataTable
            testId="communities-table"
            columns={[
              t("Name"),
              { label: t("Members"), className: "hidden text-right sm:table-cell" },
              t("Created at"),
            ]}
          >
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
                <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">{c.total_members}</td>
                <td className="px-4 py-3 text-[var(--muted)]">
                  <span className="sm:hidden">{day(c.created_at)}</span>
                  <span className="hidden whitespace-nowrap sm:inline">{when(c.created_at)}</span>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </InfiniteList>
    </div>
  );
}
