import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { JoinButton } from "#web/components/join-button.tsx";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { moderates } from "#web/lib/community-moderation.ts";
import { pluralKey } from "#web/lib/count-label.ts";
import { formatCount } from "#web/lib/format.ts";
import { CommunityBanner } from "./community-banner";

/** The top of /c/:name and /c/:name/members: picture, names, description, counts and actions. */
export function CommunityHeader({
  community,
  tab,
}: {
  community: Community;
  tab: "posts" | "members" | "modlog" | "moderation";
}) {
  const { t, i18n } = useTranslation();
  const created = new Date(community.created_at).toLocaleDateString(i18n.language, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
  const tabClass = (active: boolean) =>
    `shrink-0 border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${
      active
        ? "border-[var(--accent)] text-[var(--text)]"
        : "border-transparent text-[var(--muted)] hover:text-[var(--text)]"
    }`;
  return (
    <section className="card overflow-hidden" aria-labelledby="community-title">
      <CommunityBanner community={community} />
      <div className="px-4 pb-2 sm:px-5">
        <div className="-mt-8 flex flex-wrap items-end gap-3">
          <span className="relative z-10 rounded-full border-4 border-[var(--surface)] bg-[var(--surface)]">
            <Avatar src={community.image} name={community.name} size={72} />
          </span>
          <div className="min-w-48 flex-1 pb-1">
            <h1 id="community-title" className="wrap-anywhere text-xl font-bold">
              {community.display_name || community.name}
              {community.is_verified ? (
                <span className="ml-2 inline-flex align-middle">
                  <VerifiedBadge label={msg("Verified community")} compact />
                </span>
              ) : null}
            </h1>
            <p className="text-sm text-[var(--muted)]">c/{community.name}</p>
          </div>
          <div className="flex w-full gap-2 pb-1 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">
            <Link
              to="/post"
              search={{ community_name: community.name }}
              className="btn btn-outline"
              data-testid="community-create-post"
            >
              {t("Create a post")}
            </Link>
            <JoinButton community={community} />
          </div>
        </div>
        {community.description ? <p className="mt-3 text-sm break-words">{community.description}</p> : null}
        {tab === "posts" && community.rules?.length ? (
          <details
            className="mt-3 rounded-lg border border-[var(--line)] px-3 py-2"
            data-testid="community-rules"
          >
            <summary className="cursor-pointer text-sm font-semibold">
              {t("Rules ({{count}})", { count: community.rules.length })}
            </summary>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              {community.rules.map((rule) => (
                <li key={rule.title}>
                  <span className="font-semibold break-words">{rule.title}</span>
                  {rule.description ? (
                    <p className="break-words text-[var(--muted)]">{rule.description}</p>
                  ) : null}
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-[var(--muted)]">
          <span data-testid="community-members">
            {t(pluralKey(community.total_members, msg("{{count}} member"), msg("{{count}} members")), {
              count: community.total_members,
              formatted: formatCount(community.total_members),
            })}
          </span>
          <span>
            {t(pluralKey(community.total_microposts, msg("{{count}} post"), msg("{{count}} posts")), {
              count: community.total_microposts,
            })}
          </span>
          <span>{t("Created {{date}}", { date: created })}</span>
        </p>
        <nav
          aria-label={t("Community")}
          className="mt-3 flex gap-1 overflow-x-auto border-t border-[var(--line)]"
        >
          <Link
            to="/c/$name"
            params={{ name: community.name }}
            className={tabClass(tab === "posts")}
            aria-current={tab === "posts" ? "page" : undefined}
          >
            {t("Posts")}
          </Link>
          <Link
            to="/c/$name/members"
            params={{ name: community.name }}
            className={tabClass(tab === "members")}
            aria-current={tab === "members" ? "page" : undefined}
          >
            {t("Members")}
          </Link>
          <Link
            to="/c/$name/modlog"
            params={{ name: community.name }}
            className={tabClass(tab === "modlog")}
            aria-current={tab === "modlog" ? "page" : undefined}
            data-testid="community-modlog-tab"
          >
            {t("Mod log")}
          </Link>
          {moderates(community.user_membership) ? (
            <Link
              to="/c/$name/moderation"
              params={{ name: community.name }}
              className={tabClass(tab === "moderation")}
              aria-current={tab === "moderation" ? "page" : undefined}
              data-testid="community-moderation-tab"
            >
              {t("Moderation")}
            </Link>
          ) : null}
        </nav>
      </div>
    </section>
  );
}
