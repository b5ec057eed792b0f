import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { PageTitle } from "../../components/ui/list-page";
import { EmptyList, Pager, useDateTime } from "../../components/ui/list-states";
import { searchQueryOptions } from "./queries";
import { Avatar, UserRow } from "./user-row";

const PAGE = 20;

/** Users or Admins: a search box (username, e-mail or name) over a paged list. */
export function SearchPage({ type }: { type: "users" | "admins" }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useQuery(searchQueryOptions(type, q, page * PAGE, PAGE));
  const title = type === "users" ? t("Users") : t("Admins");
  return (
    <div className="flex flex-col gap-4">
      <PageTitle title={title} total={result.data?.total_list} />
      <input
        type="search"
        className="field"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("Search by username, email or name")}
        aria-label={t("Search {{what}}", { what: title })}
      />
      {result.isPending ? (
        <ListSkeleton />
      ) : result.isError ? (
        <LoadError error={result.error} retry={result.refetch} />
      ) : result.data.list.length === 0 ? (
        <EmptyList>{q ? t("Nobody matches this search.") : t("There is nobody here yet.")}</EmptyList>
      ) : (
        <>
          <ul className="card divide-y divide-[var(--line)] overflow-hidden" aria-label={title}>
            {result.data.search_type === "users"
              ? result.data.list.map((u) => <UserRow key={u.username} user={u} />)
              : result.data.list.map((a) => (
                  <li key={a.username}>
                    <Link
                      to="/$username"
                      params={{ username: a.username }}
                      className="flex items-center gap-3 px-4 py-3 hover:bg-[var(--hover)]"
                      data-testid="admin-row"
                    >
                      <Avatar src={a.profile_image} name={a.username} />
                      <span className="min-w-0 flex-1">
                        <span className="block wrap-anywhere font-semibold">{a.username}</span>
                        {a.email ? (
                          <span className="block wrap-anywhere text-sm text-[var(--muted)]">{a.email}</span>
                        ) : null}
                      </span>
                      <span className="hidden text-xs text-[var(--muted)] sm:block">
                        {t("Joined {{date}}", { date: when(a.created_at) })}
                      </span>
                    </Link>
                  </li>
                ))}
          </ul>
          <Pager page={page} pageSize={PAGE} totalPages={result.data.total_pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
