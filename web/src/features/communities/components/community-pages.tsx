import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { ROLE_LABELS } from "#web/components/join-button.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import NotFound from "#web/components/ui/not-found.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { ApiError } from "#web/lib/api.ts";
import { formatRelative } from "#web/lib/format.ts";
import { communityQueryOptions, membersQueryOptions } from "../queries";
import { CommunityHeader } from "./community-header";

/** Loads the community for a page and shows the missing-page or error state around it. */
function useCommunityFrame(name: string) {
  const community = useQuery(communityQueryOptions(name));
  useEffect(() => {
    if (community.data) document.title = `c/${community.data.name} · Agora`;
    return () => {
      document.title = "Agora";
    };
  }, [community.data]);
  const fallback = community.isPending ? (
    <ListSkeleton rows={1} height="h-44" />
  ) : community.isError ? (
    community.error instanceof ApiError && community.error.status === 404 ? (
      <NotFound kind="community" name={name} />
    ) : (
      <LoadError error={community.error} retry={community.refetch} />
    )
  ) : null;
  return { community: community.data, fallback };
}

/**
 * /c/:name: the community's header over its posts, pinned first. The posts come from the posts
 * feature through `posts` (composed by the route), shown once the community has loaded.
 */
export function CommunityPage({ name, posts }: { name: string; posts: (community: Community) => ReactNode }) {
  return <CommunityTabPage name={name} tab="posts" body={posts} />;
}

/**
 * A tab of /c/:name under its header: the posts, the public mod log, the Moderation area. Its body
 * comes from the feature the route composes, shown once the community has loaded.
 */
export function CommunityTabPage({
  name,
  tab,
  body,
}: {
  name: string;
  tab: "posts" | "modlog" | "moderation";
  body: (community: Community) => ReactNode;
}) {
  const { community, fallback } = useCommunityFrame(name);
  if (!community) return fallback;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <CommunityHeader community={community} tab={tab} />
      {body(community)}
    </div>
  );
}

/** /c/:name/members: everyone in it, in joining order, ten at a time. */
export function MembersPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { community, fallback } = useCommunityFrame(name);
  const members = useInfiniteQuery({ ...membersQueryOptions(name), enabled: Boolean(community) });
  if (!community) return fallback;
  const list = members.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-3">
      <CommunityHeader community={community} tab="members" />
      {members.isPending ? (
        <ListSkeleton rows={4} height="h-14" />
      ) : members.isError ? (
        <LoadError error={members.error} retry={members.refetch} />
      ) : list.length === 0 ? (
        <EmptyState title={t("No Users")} home={false} as="h2" />
      ) : (
        <section className="card p-2" aria-labelledby="members-heading">
          <h2 id="members-heading" className="sr-only">
            {t("Members")}
          </h2>
          <ul className="divide-y divide-[var(--line)]" data-testid="member-list">
            {list.map((m) => (
              <li key={m.owner.username} className="flex items-center gap-3 px-2 py-2.5">
                <Avatar src={m.owner.profile_image} name={m.owner.username} size={40} />
                <div className="min-w-0 flex-1">
                  <Link
                    to="/user/$username"
                    params={{ username: m.owner.username }}
                    className="flex items-center gap-1 font-semibold hover:underline"
                  >
                    <span className="wrap-anywhere">{m.owner.profile_name || m.owner.username}</span>
                    <VerifiedBadge person={m.owner} compact />
                  </Link>
                  <p className="wrap-anywhere text-xs text-[var(--muted)]">
                    u/{m.owner.username} · {t("joined {{when}}", { when: formatRelative(m.created_at) })}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                    m.role === "MEMBER" ? "text-[var(--muted)]" : "bg-[var(--accent)]/15 text-[var(--accent)]"
                  }`}
                >
                  {t(ROLE_LABELS[m.role] ?? m.role)}
                </span>
              </li>
            ))}
          </ul>
          <InfiniteFooter query={members} />
        </section>
      )}
    </div>
  );
}
