import { queryOptions } from "@tanstack/react-query";
import { flairSchema } from "#shared/schemas/community-moderation.ts";
import { z } from "#shared/zod-jitless.ts";
import { apiFetch } from "./api";

// A community's flairs and its moderators' calls, shared by the posts feature (the post's menu, its
// form, the community's flair filter) and the community-moderation feature (its Moderation page).

export const flairKeys = {
  root: ["flairs"] as const,
  of: (name: string) => [...flairKeys.root, name.toLowerCase()] as const,
};

const flairListSchema = z.object({ list: z.array(flairSchema) });

export const flairsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: flairKeys.of(name),
    queryFn: async ({ signal }) =>
      flairListSchema.parse(await apiFetch("/api/v1/community/flair/list", { query: { name }, signal })).list,
    staleTime: 60_000,
  });

/** A moderator's call (`…/community/mod/<action>`), JSON in and out; a ban is lifted with DELETE. */
export function modCall(
  action: "remove" | "restore" | "pin" | "lock" | "ban",
  body: Record<string, unknown>,
  method: "POST" | "DELETE" = "POST",
) {
  switch (action) {
    case "remove":
      return apiFetch("/api/v1/private/user/community/mod/remove", { method: "POST", body });
    case "restore":
      return apiFetch("/api/v1/private/user/community/mod/restore", { method: "POST", body });
    case "pin":
      return apiFetch("/api/v1/private/user/community/mod/pin", { method: "POST", body });
    case "lock":
      return apiFetch("/api/v1/private/user/community/mod/lock", { method: "POST", body });
    case "ban":
      return method === "DELETE"
        ? apiFetch("/api/v1/private/user/community/mod/ban", { method: "DELETE", body })
        : apiFetch("/api/v1/private/user/community/mod/ban", { method: "POST", body });
  }
}

/** Whether the viewer keeps this community (its owner or a moderator), from their membership. */
export function moderates(membership: { role: string } | null | undefined): boolean {
  return membership?.role === "OWNER" || membership?.role === "MODERATOR";
}
