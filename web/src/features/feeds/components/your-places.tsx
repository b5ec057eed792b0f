import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { api } from "#web/lib/api.ts";
import { myCommunitiesSchema, myFeedsQueryOptions } from "../api";

/**
 * The signed-in person's places in the menu: their feeds, the communities they moderate and the
 * ones they joined, so they can get back to them. The menu loads this chunk only for someone
 * signed in (it adds nothing to the first screen), and the communities share the cache of the
 * post form's picker (the same key and request as web/src/lib/community-keys.ts `myCommunitiesQueryOptions`).
 */
export default function YourPlaces({
  itemClass,
  onNavigate,
}: {
  itemClass: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const feeds = useQuery({ ...myFeedsQueryOptions(), staleTime: 30_000 });
  const communities = useQuery({
    queryKey: ["communities", "mine"],
    queryFn: async () =>
      myCommunitiesSchema.parse(
        await api.get("/api/v1/private/user/community/list", { query: { limit: 100 } }),
      ),
    staleTime: 30_000,
  });
  const all = communities.data?.list ?? [];
  // Owners and moderators first: the communities they look after (roles come with moderators).
  const moderated = all.filter((c) => c.user_membership && c.user_membership.role !== "MEMBER");
  const joined = all.filter((c) => !moderated.includes(c));
  const heading = "px-3 pb-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase";
  const section = (title: string, items: Community[]) =>
    items.length ? (
      <div className="flex flex-col gap-0.5">
        <h2 className={heading}>{title}</h2>
        {items.map((c) => (
          <Link
            key={c.name}
            to="/c/$name"
            params={{ name: c.name }}
            className={itemClass}
            onClick={onNavigate}
          >
            c/{c.name}
          </Link>
        ))}
      </div>
    ) : null;
  return (
    <div className="flex flex-col gap-4" data-testid="your-places">
      <div className="flex flex-col gap-0.5">
        <h2 className={heading}>{t("Your feeds")}</h2>
        {(feeds.data?.list ?? []).map((feed) => (
          <Link
            key={feed.id}
            to="/feeds/$id"
            params={{ id: feed.id }}
            className={itemClass}
            onClick={onNavigate}
          >
            {feed.name}
          </Link>
        ))}
        <Link to="/feeds" className={itemClass} activeOptions={{ exact: true }} onClick={onNavigate}>
          {feeds.data?.list.length ? t("Manage feeds") : t("Make a feed")}
        </Link>
      </div>
      {section(t("Communities you moderate"), moderated)}
      {section(t("Your communities"), joined)}
    </div>
  );
}
