import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "#client/react-i18n.tsx";
import { ListSkeleton } from "#client/ui/list-states.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { useMe } from "#web/lib/session.ts";
import { feedQueryOptions } from "../api";
import { FeedForm } from "./feed-form";

/** /feeds/{id}/edit: the owner changes their feed; anyone else finds nothing here. */
export function EditFeedPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const { me } = useMe();
  const feed = useQuery(feedQueryOptions(id));
  if (feed.isPending) return <ListSkeleton rows={1} height="h-96" />;
  if (feed.isError || feed.data.owner.username !== me?.username)
    return (
      <EmptyState title={t("Feed not found")}>
        <p>{t("This feed does not exist or is private")}</p>
      </EmptyState>
    );
  return <FeedForm feed={feed.data} />;
}
