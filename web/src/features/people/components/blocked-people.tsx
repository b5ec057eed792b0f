import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import { formatRelative } from "#web/lib/format.ts";
import { useBlock } from "../mutations";
import { blockedQueryOptions } from "../queries";
import { PersonRow } from "./person-row";

/** The people one blocked, each with an Unblock button (in the privacy settings). */
export function BlockedPeople() {
  const { t } = useTranslation();
  const blocked = useInfiniteQuery(blockedQueryOptions());
  const items = blocked.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="card" aria-label={t("Blocked people")} data-testid="blocked-list">
      <h2 className="px-4 pt-4 text-base font-semibold">{t("Blocked people")}</h2>
      {blocked.isError ? (
        <div className="p-4">
          <LoadError error={blocked.error} retry={blocked.refetch} />
        </div>
      ) : !blocked.isPending && items.length === 0 ? (
        <p className="px-4 pt-1 pb-4 text-sm text-[var(--muted)]">{t("You have not blocked anyone.")}</p>
      ) : (
        <ul className="divide-y divide-[var(--line)]">
          {items.map((item) => (
            <PersonRow
              key={item.owner.username}
              person={item.owner}
              meta={t("Blocked {{when}}", { when: formatRelative(item.created_at) })}
              action={<UnblockButton username={item.owner.username} />}
            />
          ))}
        </ul>
      )}
      <InfiniteFooter query={blocked} />
    </section>
  );
}

function UnblockButton({ username }: { username: string }) {
  const { t } = useTranslation();
  const unblock = useBlock(username);
  return (
    <button
      type="button"
      className="btn btn-outline px-3 py-1 text-xs"
      disabled={unblock.isPending}
      aria-label={t("Unblock @{{username}}", { username })}
      onClick={() =>
        unblock.mutate(false, {
          onSuccess: () =>
            showSnackbar({ message: t(PEOPLE_MSG.unblocked, { username }), variant: "success" }),
        })
      }
    >
      {t("Unblock")}
    </button>
  );
}
