import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import { type Community, communityImageProblem } from "#shared/schemas/communities.ts";
import { api } from "#web/lib/api.ts";
import { communityKeys } from "#web/lib/community-keys.ts";

/**
 * The banner across the top of a community's page: the picture its creator put up, or the plain
 * one. Its creator changes or removes it here (checked in the browser, then by the server).
 */
export function CommunityBanner({ community }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const isCreator = community.user_membership?.role === "OWNER";
  const save = useMutation({
    mutationFn: (change: { cover: File } | { remove_cover: "true" }) => {
      const body = new FormData();
      body.append("name", community.name);
      for (const [key, value] of Object.entries(change)) body.append(key, value);
      return api.patch("/api/v1/private/user/community", { body });
    },
    onSuccess: (updated, change) => {
      queryClient.setQueryData(communityKeys.one(community.name), updated);
      showSnackbar({
        message: "cover" in change ? t("The banner is up") : t("The banner was removed"),
        variant: "success",
      });
    },
  });
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const file = await shrinkPicture(chosen);
    const problem = communityImageProblem(file);
    if (problem) showSnackbar({ message: t(problem), variant: "error" });
    else save.mutate({ cover: file });
  };
  return (
    <div className="relative h-20 sm:h-28" data-testid="community-banner">
      {community.cover ? (
        <img src={community.cover} alt="" className="size-full object-cover" data-testid="community-cover" />
      ) : (
        <div
          aria-hidden="true"
          className="size-full bg-gradient-to-r from-[var(--accent)] to-[var(--accent-strong)] opacity-80"
        />
      )}
      {isCreator ? (
        <div className="absolute top-2 right-2 flex gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="community-cover-input"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          <button
            type="button"
            className="btn bg-black/60 px-3 py-1 text-xs text-white hover:bg-black/75"
            disabled={save.isPending}
            onClick={() => input.current?.click()}
          >
            {community.cover ? t("Change banner") : t("Add a banner")}
          </button>
          {community.cover ? (
            <button
              type="button"
              className="btn bg-black/60 px-3 py-1 text-xs text-white hover:bg-black/75"
              disabled={save.isPending}
              onClick={() => save.mutate({ remove_cover: "true" })}
            >
              {t("Remove banner")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
