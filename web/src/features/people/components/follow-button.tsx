import { useState } from "react";
import { busyProps } from "#client/busy.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { useFollow } from "../mutations";

/**
 * Follow / Following. A visitor is asked to log in first; hovering "Following" offers Unfollow,
 * as people know it from other networks. Quick clicks wait for the request in flight.
 */
export function FollowButton({
  username,
  isFollowing,
  size = "md",
}: {
  username: string;
  isFollowing: boolean;
  size?: "sm" | "md";
}) {
  const { t } = useTranslation();
  const { isSignedIn, me } = useMe();
  const follow = useFollow(username);
  const [hover, setHover] = useState(false);
  if (me?.username === username) return null;
  const small = size === "sm" ? "px-3 py-1 text-xs" : "";
  const label = isFollowing ? (hover ? t("Unfollow") : t("Following")) : t("Follow");
  return (
    <button
      type="button"
      className={`btn ${isFollowing ? (hover ? "btn-danger" : "btn-outline") : "btn-primary"} min-w-24 ${small}`}
      aria-pressed={isFollowing}
      // The name starts with the words shown (Follow, Following, Unfollow), so a voice command
      // saying what is on the button finds it (WCAG 2.5.3).
      aria-label={
        isFollowing
          ? hover
            ? t("Unfollow @{{username}}", { username })
            : t("Following @{{username}}", { username })
          : t("Follow @{{username}}", { username })
      }
      {...busyProps(follow.isPending)}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      onClick={() => {
        if (!isSignedIn) return openModal("LOGIN");
        // Just followed: "Following" stays until the pointer leaves and comes back (or focus does).
        setHover(false);
        if (!follow.isPending) follow.mutate(!isFollowing);
      }}
    >
      {label}
    </button>
  );
}
