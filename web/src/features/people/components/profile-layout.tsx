import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { LoadError } from "#client/ui/list-states.tsx";
import type { User } from "#shared/schemas/user.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { scrollIntoViewSideways } from "#web/components/ui/tab-bar.ts";
import { ApiError } from "#web/lib/api.ts";
import { profileQueryOptions } from "../queries";
import { ProfileHeader } from "./profile-header";

export type ProfileTab = "posts" | "followers" | "following" | "jobs" | "payments";

/** `own`: shown only on the viewer's own profile (their payment history). */
const TABS: Array<{ tab: ProfileTab; label: string; to: string; own?: boolean }> = [
  { tab: "posts", label: msg("Posts"), to: "/user/$username" },
  { tab: "followers", label: msg("Followers"), to: "/user/$username/followers" },
  { tab: "following", label: msg("Following"), to: "/user/$username/following" },
  { tab: "jobs", label: msg("Jobs"), to: "/user/$username/jobs" },
  { tab: "payments", label: msg("Payments"), to: "/user/$username/payments", own: true },
];

/**
 * A profile page (/user/{username} and its tabs): the header, the tabs, then the tab.
 * `children` gets the loaded user; a person who blocked the viewer shows only the header.
 */
export function ProfileLayout({
  username,
  tab,
  children,
}: {
  username: string;
  tab: ProfileTab;
  children: (user: User) => ReactNode;
}) {
  const { t } = useTranslation();
  const profile = useQuery(profileQueryOptions(username.toLowerCase()));
  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404)
      return <EmptyState title={t("This user does not exist")} />;
    return <LoadError error={profile.error} retry={profile.refetch} />;
  }
  const user = profile.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <ProfileHeader user={user} />
      <nav aria-label={t("Profile sections")} className="card tab-bar flex overflow-x-auto px-2">
        {TABS.filter((item) => !item.own || user.user_is_owner).map((item) => (
          <Link
            key={item.tab}
            to={item.to}
            params={{ username: user.username }}
            aria-current={item.tab === tab ? "page" : undefined}
            // On a phone the tabs scroll sideways: the current one is brought into view.
            ref={item.tab === tab ? scrollIntoViewSideways : undefined}
            className={`shrink-0 border-b-2 px-4 py-3 text-sm font-semibold ${
              item.tab === tab
                ? "border-[var(--accent)] text-[var(--text)]"
                : "border-transparent text-[var(--muted)] hover:text-[var(--text)]"
            }`}
          >
            {t(item.label)}
          </Link>
        ))}
      </nav>
      {user.is_blocking ? (
        <EmptyState
          title={t("@{{username}} has blocked you", { username: user.username })}
          home={false}
          as="h2"
        >
          {t("You can not see their posts or follow them.")}
        </EmptyState>
      ) : (
        children(user)
      )}
    </div>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="mx-auto flex max-w-3xl flex-col gap-4"
      aria-busy="true"
      aria-label={t("Loading")}
    >
      <div className="card overflow-hidden">
        <div className="h-36 animate-pulse bg-[var(--surface-strong)] md:h-48" />
        <div className="flex items-end gap-4 px-4 pb-4">
          <div className="-mt-12 size-24 animate-pulse rounded-full border-4 border-[var(--surface)] bg-[var(--hover)]" />
          <div className="h-6 w-40 animate-pulse rounded bg-[var(--surface-strong)]" />
        </div>
      </div>
    </div>
  );
}
