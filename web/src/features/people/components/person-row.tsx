import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { PersonItem } from "#shared/schemas/search.ts";
import type { Owner } from "#shared/schemas/user.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { VerifiedBadge } from "#web/components/ui/verified-badge.tsx";
import { useMe } from "#web/lib/session.ts";
import { FollowButton } from "./follow-button";

/** One person in a list: picture, name, @username and badge, with an action on the right. */
export function PersonRow({ person, action, meta }: { person: Owner; action?: ReactNode; meta?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="person-row">
      <Link
        to="/user/$username"
        params={{ username: person.username }}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:opacity-90"
      >
        <Avatar src={person.profile_image} name={person.username} size={44} />
        <span className="min-w-0">
          <span className="flex items-center gap-1">
            <span className="wrap-anywhere font-semibold">{person.profile_name || person.username}</span>
            <VerifiedBadge person={person} compact />
          </span>
          <span className="block wrap-anywhere text-sm text-[var(--muted)]">u/{person.username}</span>
          {meta ? <span className="block text-xs text-[var(--muted)]">{meta}</span> : null}
        </span>
      </Link>
      {action}
    </li>
  );
}

/** A person in a list of people (followers, following, search results): Follow for signed-in readers. */
export function FollowPersonRow({ item }: { item: PersonItem }) {
  const { isSignedIn } = useMe();
  return (
    <PersonRow
      person={item.owner}
      action={
        isSignedIn ? (
          <FollowButton username={item.owner.username} isFollowing={item.is_following} size="sm" />
        ) : null
      }
    />
  );
}
