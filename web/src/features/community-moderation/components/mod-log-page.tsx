import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import type { ModLogAction, ModLogEntry } from "#shared/schemas/community-moderation.ts";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { modCall, moderates } from "#web/lib/community-moderation.ts";
import { errorMessage } from "#web/lib/error-message.ts";
import { formatDateTime, formatRelative } from "#web/lib/format.ts";
import { modLogQueryOptions } from "../queries";

const ACTION_LABELS: Record<ModLogAction, string> = {
  REMOVE: msg("removed"),
  RESTORE: msg("restored"),
  PIN: msg("pinned"),
  UNPIN: msg("unpinned"),
  LOCK: msg("locked"),
  UNLOCK: msg("unlocked"),
  BAN: msg("banned"),
  UNBAN: msg("lifted the ban of"),
  APPOINT: msg("appointed as moderator"),
  DISMISS: msg("dismissed as moderator"),
  RULES: msg("changed the rules of"),
};

const TARGET_LABELS: Record<ModLogEntry["target_type"], string> = {
  POST: msg("post"),
  COMMENT: msg("comment"),
  USER: msg("person"),
  COMMUNITY: msg("community"),
};

/** What an entry was done to: a person's profile, a post's id (never its removed text), the community. */
function Target({ entry, community }: { entry: ModLogEntry; community: string }) {
  const { t } = useTranslation();
  if (entry.target_type === "USER")
    return (
      <Link
        to="/user/$username"
        params={{ username: entry.target }}
        className="font-semibold hover:underline"
      >
        u/{entry.target}
      </Link>
    );
  if (entry.target_type === "COMMUNITY") return <span className="font-semibold">c/{community}</span>;
  return (
    <span>
      {t(TARGET_LABELS[entry.target_type])} <code className="text-xs">{entry.target}</code>
    </span>
  );
}

/** /c/:name/modlog: the community's public moderation log, newest first. */
export function ModLogPage({ community }: { community: Community }) {
  const { t } = useTranslation();
  const log = useInfiniteQuery(modLogQueryOptions(community.name));
  const queryClient = useQueryClient();
  const keeps = moderates(community.user_membership);
  const restore = async (entry: ModLogEntry) => {
    // Only removed posts and comments are offered a Restore.
    if (entry.target_type !== "POST" && entry.target_type !== "COMMENT") return;
    try {
      await modCall.restore({
        name: community.name,
        target_type: entry.target_type,
        public_id: entry.target,
      });
    } catch (error) {
      showSnackbar({ message: errorMessage(error), variant: "error" });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ["posts"] });
    await log.refetch();
    showSnackbar({ message: t("It was restored"), variant: "success" });
  };
  if (log.isPending) return <ListSkeleton rows={3} height="h-14" />;
  if (log.isError) return <LoadError error={log.error} retry={log.refetch} />;
  const list = log.data.pages.flatMap((p) => p.list);
  if (list.length === 0)
    return (
      <EmptyState title={t("Nothing was moderated here yet")} home={false} as="h2">
        <p>{t("What the moderators do here is listed for everyone to see.")}</p>
      </EmptyState>
    );
  return (
    <section className="card p-2" aria-labelledby="modlog-heading">
      <h2 id="modlog-heading" className="px-2 pt-2 text-base font-semibold">
        {t("Moderation log")}
      </h2>
      <ul className="divide-y divide-[var(--line)]" data-testid="mod-log">
        {list.map((entry) => (
          <li key={entry.id} className="px-2 py-2.5 text-sm" data-testid="mod-log-entry">
            <p className="break-words">
              <Link
                to="/user/$username"
                params={{ username: entry.moderator }}
                className="font-semibold hover:underline"
              >
                u/{entry.moderator}
              </Link>{" "}
              {t(ACTION_LABELS[entry.action])} <Target entry={entry} community={community.name} />
            </p>
            {entry.reason ? (
              <p className="break-words text-[var(--muted)]">
                {t("Reason")}: {entry.reason}
              </p>
            ) : null}
            {keeps &&
            entry.action === "REMOVE" &&
            (entry.target_type === "POST" || entry.target_type === "COMMENT") ? (
              <button
                type="button"
                className="btn btn-outline float-right ml-2"
                onClick={() => void restore(entry)}
              >
                {t("Restore")}
              </button>
            ) : null}
            <time
              dateTime={entry.created_at}
              title={formatDateTime(entry.created_at)}
              className="text-xs text-[var(--muted)]"
            >
              {formatRelative(entry.created_at)}
            </time>
          </li>
        ))}
      </ul>
      <InfiniteFooter query={log} />
    </section>
  );
}
