import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { FollowTab } from "#shared/enums.ts";
import type { User } from "#shared/schemas/user.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { connectionsQueryOptions } from "../queries";
import { FollowPersonRow } from "./person-row";

/** The Followers and Following tabs: 10 at a time with infinite scroll. */
export function ConnectionList({ user, tab }: { user: User; tab: FollowTab }) {
  const { t } = useTranslation();
  const people = useInfiniteQuery(connectionsQueryOptions(user.username, tab));
  const items = people.data?.pages.flatMap((p) => p.list) ?? [];
  const heading = tab === "followers" ? t("Followers") : t("Following");
  if (people.isPending) return <ListSkeleton rows={4} height="h-16" />;
  if (people.isError) return <LoadError error={people.error} retry={people.refetch} />;
  if (items.length === 0)
    return (
      <EmptyState title={t("No Users")} home={false} as="h2">
        {tab === "followers"
          ? t("Nobody follows @{{username}} yet.", { username: user.username })
          : t("@{{username}} does not follow anyone yet.", { username: user.username })}
      </EmptyState>
    );
  return (
    <section aria-label={heading} className="card">
      <ul className="divide-y divide-[var(--line)]" data-testid="connection-list">
        {items.map((item) => (
          <FollowPersonRow key={item.owner.username} item={item} />
        ))}
      </ul>
      <InfiniteFooter query={people} />
    </section>
  );
}
