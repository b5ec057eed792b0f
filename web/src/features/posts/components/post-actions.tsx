import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { OptionsMenu } from "#web/components/ui/bottom-sheet.tsx";

/** The "⋯" of a post; its items (post-menu.tsx) load when a reader reaches it. */
export function PostActions({
  item,
  onEdit,
  onDeleted,
}: {
  item: FeedItem;
  /** In-place editing where the post is shown in full; elsewhere Edit opens the post page. */
  onEdit?: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const edit = () => {
    if (onEdit) onEdit();
    else void navigate({ to: item.micropost.link, search: { edit: 1 } as never });
  };
  return (
    <OptionsMenu
      label={t("Post options")}
      actions={() => import("./post-menu").then((m) => m.postMenu({ item, t, queryClient, edit, onDeleted }))}
    />
  );
}
