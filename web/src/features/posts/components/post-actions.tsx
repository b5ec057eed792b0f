import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { OptionsMenu } from "#web/components/ui/bottom-sheet.tsx";
import { confirm } from "#web/components/ui/confirm.tsx";
import { showSnackbar } from "#web/components/ui/snackbar.tsx";
import { requireSignIn } from "#web/features/accounts/session.ts";
import { openModal } from "#web/modals.tsx";
import { absoluteLink, copyLink, copyText } from "../share";
import { CopyIcon, EditIcon, FlagIcon, LinkIcon, TipIcon, TrashIcon } from "./post-icons";

/**
 * The "⋯" of a post: Edit and Delete for its owner (media posts cannot be edited),
 * Report and Tip for others, Share and Copy text for everyone, signed in or not.
 */
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
  const { micropost, owner } = item;
  const mine = micropost.user_is_owner;

  const edit = () => {
    if (onEdit) onEdit();
    else void navigate({ to: micropost.link, search: { edit: 1 } as never });
  };
  const del = async () => {
    const ok = await confirm({
      message: t("Do you really want to delete it?"),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!ok) return;
    // Deleting is rare: its code loads once the reader has confirmed.
    const { deletePost } = await import("../mutations");
    if (!(await deletePost(queryClient, micropost.public_id))) return;
    showSnackbar({ message: t("It was deleted"), variant: "success" });
    onDeleted?.();
  };

  return (
    <OptionsMenu
      label={t("Post options")}
      actions={[
        mine && micropost.post_type === "TEXT" && { label: t("Edit"), icon: <EditIcon />, onSelect: edit },
        mine && { label: t("Delete"), icon: <TrashIcon />, danger: true, onSelect: () => void del() },
        !mine && {
          label: t("Report"),
          icon: <FlagIcon />,
          onSelect: () => {
            if (requireSignIn())
              openModal("REPORT", { reported_username: owner.username, link: absoluteLink(micropost.link) });
          },
        },
        !mine && {
          label: t("Tip"),
          icon: <TipIcon />,
          onSelect: () => {
            if (requireSignIn()) openModal("SEND_FIAT", { username: owner.username });
          },
        },
        { label: t("Share"), icon: <LinkIcon />, onSelect: () => void copyLink(micropost.link) },
        { label: t("Copy text"), icon: <CopyIcon />, onSelect: () => void copyText(item) },
      ]}
    />
  );
}
