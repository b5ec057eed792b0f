import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import { JoinButton } from "#web/components/join-button.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { suggestionsQueryOptions } from "#web/lib/suggestions.ts";
import { FollowPersonRow } from "./person-row";

/**
 * Communities to join and people to follow, the most popular first: the welcome step after signing
 * up and the empty Following and Communities feeds. Nothing shows when there is nothing to suggest.
 */
export default function SuggestionsPanel({
  show = "both",
  quiet = false,
}: {
  show?: "both" | "communities" | "people";
  /** Joins say nothing in a notice: the list itself shows them (the Get started checklist). */
  quiet?: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery(suggestionsQueryOptions());
  if (query.isPending) return <ListSkeleton rows={2} height="h-16" />;
  const communities = show === "people" ? [] : (query.data?.communities ?? []);
  const users = show === "communities" ? [] : (query.data?.users ?? []);
  return (
    <div className="flex w-full flex-col gap-4 text-left text-[var(--text)]" data-testid="suggestions">
      {communities.length > 0 ? (
        <section aria-labelledby="suggested-communities">
          <h2 id="suggested-communities" className="mb-1 text-sm font-semibold">
            {t("Communities to join")}
          </h2>
          <ul className="divide-y divide-[var(--line)]">
            {communities.map((community) => (
              <li key={community.name} className="flex items-center gap-3 py-2">
                <Link
                  to="/c/$name"
                  params={{ name: community.name }}
                  className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:opacity-90"
                >
                  <Avatar src={community.image} name={community.name} size={36} />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold">c/{community.name}</span>
                    <span className="block text-xs text-[var(--muted)]">
                      {t(
                        pluralKey(community.total_members, msg("{{count}} member"), msg("{{count}} members")),
                        {
                          count: community.total_members,
                        },
                      )}
                    </span>
                  </span>
                </Link>
                <JoinButton community={community} small quiet={quiet} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {users.length > 0 ? (
        <section aria-labelledby="suggested-people">
          <h2 id="suggested-people" className="mb-1 text-sm font-semibold">
            {t("People to follow")}
          </h2>
          <ul className="-mx-4 divide-y divide-[var(--line)]">
            {users.map((item) => (
              <FollowPersonRow key={item.owner.username} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
