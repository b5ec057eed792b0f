import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { requireSignIn } from "#web/lib/session.ts";

/** Joining and leaving load when a pointer, focus or touch reaches the button, or on the click. */
const loadMutations = () => import("#web/lib/community-membership.ts");

export const ROLE_LABELS: Record<string, string> = {
  OWNER: msg("Owner"),
  MODERATOR: msg("Moderator"),
  MEMBER: msg("Member"),
};

/**
 * Join for non-members; members see their role, which turns into Leave on hover or
 * keyboard focus. Visitors get the login dialog.
 */
export function JoinButton({
  community,
  small = false,
  quiet,
}: {
  community: Pick<Community, "name"> & { user_membership: { role: string } | null };
  small?: boolean;
  /** No "You joined" notice: the list the button is in shows the join. */
  quiet?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const size = small ? "px-3 py-1 text-xs" : "px-5";
  const intent = {
    onPointerEnter: () => void loadMutations(),
    onFocus: () => void loadMutations(),
    onTouchStart: () => void loadMutations(),
  };
  const run = (action: "joinCommunity" | "leaveCommunity") => {
    setBusy(true);
    loadMutations()
      .then(async (m) => {
        await m[action](queryClient, community.name, quiet);
      })
      .catch(handleApiError)
      .finally(() => setBusy(false));
  };
  if (!community.user_membership) {
    return (
      <button
        type="button"
        className={`btn btn-primary ${size}`}
        disabled={busy}
        aria-label={t("Join c/{{name}}", { name: community.name })}
        onClick={() => {
          if (requireSignIn()) run("joinCommunity");
        }}
        {...intent}
      >
        {t("Join")}
      </button>
    );
  }
  const role = t(ROLE_LABELS[community.user_membership.role] ?? community.user_membership.role);
  return (
    <button
      type="button"
      className={`group btn btn-outline ${size} min-w-24 hover:border-[var(--danger)] hover:text-[var(--danger)] focus-visible:border-[var(--danger)] focus-visible:text-[var(--danger)]`}
      disabled={busy}
      aria-label={t("{{role}} of c/{{name}}. Leave", { role, name: community.name })}
      onClick={() => run("leaveCommunity")}
      {...intent}
      data-testid="membership-button"
    >
      <span className="group-hover:hidden group-focus-visible:hidden">{role}</span>
      <span className="hidden group-hover:inline group-focus-visible:inline">{t("Leave")}</span>
    </button>
  );
}
