import type { QueryClient } from "@tanstack/react-query";
import type { TFunction } from "#client/i18n-runtime.ts";
import { confirm } from "#client/ui/confirm.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { FeedItem } from "#shared/schemas/posts.ts";
import { LockIcon, PinIcon } from "#web/components/post/post-icons.tsx";
import { BookmarkIcon } from "#web/components/ui/account-icons.tsx";
import type { MenuAction } from "#web/components/ui/bottom-sheet.tsx";
import { modCall, moderates } from "#web/lib/community-moderation.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { requireSignIn } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { copyText } from "../copy-text";
import { absoluteLink, copyLink } from "../share";
import { CopyIcon, EditIcon, FlagIcon, LinkIcon, TipIcon, TrashIcon } from "./action-icons";

/**
 * The items of a post's "⋯" (post-actions.tsx): Save or Unsave for everyone, Edit and Delete for its owner (media posts cannot
 * be edited), Report and Tip for others, Share and Copy text for everyone, signed in or not. A
 * module of its own, loaded when a reader reaches a menu, not with every card of the feed.
 */
export function postMenu({
  item,
  t,
  queryClient,
  edit,
  onDeleted,
}: {
  item: FeedItem;
  t: TFunction;
  queryClient: QueryClient;
  edit: () => void;
  onDeleted?: () => void;
}): Array<MenuAction | false> {
  const { micropost: post, owner } = item;
  const mine = post.user_is_owner;
  const del = async () => {
    const ok = await confirm({
      message: t("Do you really want to delete it?"),
      confirmLabel: t("Delete"),
      danger: true,
    });
    if (!ok) return;
    // Deleting is rare: its code loads once the reader has confirmed.
    const { deletePost } = await import("../mutations");
    if (!(await deletePost(queryClient, post.public_id))) return;
    showSnackbar({ message: t("It was deleted"), variant: "success" });
    onDeleted?.();
  };
  const bookmark = async () => {
    if (!requireSignIn()) return;
    const { toggleBookmark } = await import("../bookmarks");
    const bookmarked = await toggleBookmark(queryClient, post.public_id);
    if (bookmarked === null) return;
    showSnackbar({
      message: bookmarked ? t("Saved to your Saved posts") : t("Removed from your Saved posts"),
      variant: "success",
    });
  };
  const community = item.community.name;
  const keeps = moderates(item.community.user_membership);
  const toggle = async (action: "pin" | "lock", on: boolean) => {
    try {
      await (action === "pin"
        ? modCall.pin({ name: community, public_id: post.public_id, pinned: on })
        : modCall.lock({ name: community, public_id: post.public_id, locked: on }));
    } catch (error) {
      handleApiError(error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: ["posts"] });
    showSnackbar({
      message:
        action === "pin"
          ? on
            ? t("Pinned to the community")
            : t("Unpinned")
          : on
            ? t("Locked: no new comments")
            : t("Unlocked"),
      variant: "success",
    });
  };
  return [
    {
      label: post.user_bookmarked ? t("Unsave") : t("Save"),
      icon: <BookmarkIcon />,
      onSelect: () => void bookmark(),
    },
    mine && post.post_type === "TEXT" && { label: t("Edit"), icon: <EditIcon />, onSelect: edit },
    mine && { label: t("Delete"), icon: <TrashIcon />, danger: true, onSelect: () => void del() },
    !mine && {
      label: t("Report"),
      icon: <FlagIcon />,
      onSelect: () => {
        if (requireSignIn())
          openModal("REPORT", { reported_username: owner.username, link: absoluteLink(post.link) });
      },
    },
    !mine && {
      label: t("Tip"),
      icon: <TipIcon />,
      onSelect: () => {
        if (requireSignIn()) openModal("SEND_FIAT", { username: owner.username });
      },
    },
    keeps && {
      label: t("Remove"),
      icon: <TrashIcon />,
      danger: true,
      onSelect: () =>
        openModal("MOD_ACTION", {
          action: { kind: "remove", community, target_type: "POST", public_id: post.public_id },
        }),
    },
    keeps && {
      label: post.is_pinned ? t("Unpin") : t("Pin"),
      icon: <PinIcon width={18} height={18} />,
      onSelect: () => void toggle("pin", !post.is_pinned),
    },
    keeps && {
      label: post.is_locked ? t("Unlock") : t("Lock"),
      icon: <LockIcon width={18} height={18} />,
      onSelect: () => void toggle("lock", !post.is_locked),
    },
    keeps &&
      !mine && {
        label: t("Ban author"),
        icon: <FlagIcon />,
        danger: true,
        onSelect: () =>
          openModal("MOD_ACTION", { action: { kind: "ban", community, username: owner.username } }),
      },
    { label: t("Share"), icon: <LinkIcon />, onSelect: () => void copyLink(post.link) },
    { label: t("Copy text"), icon: <CopyIcon />, onSelect: () => void copyText(item) },
  ];
}
