import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { PEOPLE_MSG } from "#shared/schemas/people.ts";
import type { User } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { OptionsMenu } from "#web/components/ui/bottom-sheet.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { pluralKey } from "#web/lib/count-label.ts";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { useBlock } from "../mutations";
import { peopleKeys } from "../queries";
import { FollowButton } from "./follow-button";

/** A link as people read it: its host and path, without https:// or a trailing slash. */
function linkLabel(href: string): string {
  return href.replace(/^https:\/\//, "").replace(/\/$/, "");
}

/** Cover, picture, name, badge, counts and the actions that fit the viewer. */
export function ProfileHeader({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useMe();
  const block = useBlock(user.username);
  const queryClient = useQueryClient();
  const joined = new Intl.DateTimeFormat(i18n.language, { month: "long", year: "numeric" }).format(
    new Date(user.created_at),
  );
  const requireLogin = (action: () => void) => () => (isSignedIn ? action() : openModal("LOGIN"));

  const toggleBlock = async () => {
    const blocking = !user.is_blocked;
    if (
      blocking &&
      !(await confirm({
        title: t("Block @{{username}}?", { username: user.username }),
        message: t(
          "They will not be able to follow you, message you or see your posts. Any follow between you ends.",
        ),
        confirmLabel: t("Block"),
        danger: true,
      }))
    )
      return;
    block.mutate(blocking, {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: peopleKeys.profile(user.username) });
        showSnackbar({
          message: t(blocking ? PEOPLE_MSG.blocked : PEOPLE_MSG.unblocked, {
            username: user.username,
          }),
          variant: "success",
        });
      },
    });
  };

  const canMessage = !user.is_blocked && !user.is_blocking && user.allow_new_chat;
  return (
    <section className="card overflow-hidden" aria-labelledby="profile-name" data-testid="profile-header">
      <div className="relative h-36 bg-gradient-to-br from-[var(--accent)] to-[var(--surface-strong)] md:h-48">
        {user.profile_cover ? (
          <img src={user.profile_cover} alt="" className="absolute inset-0 size-full object-cover" />
        ) : null}
      </div>
      <div className="px-4 pb-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="relative -mt-12 rounded-full border-4 border-[var(--surface)] bg-[var(--surface)]">
            <Avatar src={user.profile_image} name={user.username} size={96} />
          </div>
          <div className="flex items-center gap-2 pt-3">
            {user.user_is_owner ? (
              <Link to="/settings/$tab" params={{ tab: "profile" }} className="btn btn-outline">
                {t("Edit profile")}
              </Link>
            ) : user.is_blocked ? (
              <button
                type="button"
                className="btn btn-outline"
                onClick={toggleBlock}
                disabled={block.isPending}
              >
                {t("Unblock")}
              </button>
            ) : user.is_blocking ? null : (
              <>
                {canMessage ? (
                  <Link
                    to="/chat/thread/new/$username"
                    params={{ username: user.username }}
                    className="btn btn-outline"
                    onClick={(e) => {
                      if (!isSignedIn) {
                        e.preventDefault();
                        openModal("LOGIN");
                      }
                    }}
                  >
                    {t("Message")}
                  </Link>
                ) : null}
                <FollowButton username={user.username} isFollowing={user.is_following} />
              </>
            )}
            {user.user_is_owner ? null : (
              <OptionsMenu
                label={t("More options for @{{username}}", { username: user.username })}
                actions={[
                  {
                    label: user.is_blocked ? t("Unblock") : t("Block"),
                    danger: !user.is_blocked,
                    onSelect: requireLogin(() => void toggleBlock()),
                  },
                  {
                    label: t("Report"),
                    onSelect: requireLogin(() =>
                      openModal("REPORT", {
                        reported_username: user.username,
                        link: `/user/${user.username}`,
                      }),
                    ),
                  },
                  {
                    label: t("Copy link to profile"),
                    onSelect: () => {
                      void navigator.clipboard
                        ?.writeText(`${location.origin}/user/${user.username}`)
                        .then(() =>
                          showSnackbar({ message: t("Saved the link to clipboard"), variant: "success" }),
                        );
                    },
                  },
                ]}
              />
            )}
          </div>
        </div>
        <div className="mt-3">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="profile-name" className="text-xl font-bold break-words">
              {user.profile_name || user.username}
            </h1>
            <VerifiedBadge person={user} />
          </div>
          <p className="text-sm text-[var(--muted)]">u/{user.username}</p>
          {user.headline ? (
            <p className="mt-2 font-medium break-words" data-testid="profile-headline">
              {user.headline}
            </p>
          ) : null}
          {user.bio ? (
            <p className="mt-2 text-sm break-words whitespace-pre-line" data-testid="profile-bio">
              {user.bio}
            </p>
          ) : null}
          {user.links.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("Links")}>
              {user.links.map((href) => (
                <li key={href} className="min-w-0">
                  <a
                    href={href}
                    rel="me nofollow noopener"
                    target="_blank"
                    className="block truncate text-[var(--accent)] hover:underline"
                  >
                    {linkLabel(href)}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-1 text-sm text-[var(--muted)]">{t("Joined {{date}}", { date: joined })}</p>
          <p className="mt-3 flex gap-4 text-sm">
            <Link
              to="/user/$username/followers"
              params={{ username: user.username }}
              className="hover:underline"
              data-testid="followers-count"
            >
              {t(pluralKey(user.total_followers, msg("{{count}} follower"), msg("{{count}} followers")), {
                count: user.total_followers,
              })}
            </Link>
            <Link
              to="/user/$username/following"
              params={{ username: user.username }}
              className="hover:underline"
              data-testid="following-count"
            >
              {t("{{count}} following", { count: user.total_following })}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
