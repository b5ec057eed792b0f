import { queryOptions } from "@tanstack/react-query";
import { flairSchema } from "#shared/schemas/community-moderation.ts";
import { z } from "#shared/zod-jitless.ts";
import { api, type JsonBody, type PathOf } from "./api";

// A community's flairs and its moderators' calls, shared by the posts feature (the post's menu, its
// form, the community's flair filter) and the community-moderation feature (its Moderation page).

const flairKeys = {
  root: ["flairs"] as const,
  of: (name: string) => [...flairKeys.root, name.toLowerCase()] as const,
};

const flairListSchema = z.object({ list: z.array(flairSchema) });

export const flairsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: flairKeys.of(name),
    queryFn: async ({ signal }) =>
      flairListSchema.parse(await api.get("/api/v1/community/flair/list", { query: { name }, signal })).list,
    staleTime: 60_000,
  });

const MOD = "/api/v1/private/user/community/mod";
type Body<M extends "post" | "delete", P extends `${typeof MOD}/${string}`> =
  P extends PathOf<M> ? JsonBody<M, P> : never;

/** A moderator's calls (`…/community/mod/<action>`), JSON in and out; a ban is lifted with DELETE. */
export const modCall = {
  remove: (body: Body<"post", `${typeof MOD}/remove`>) => api.post(`${MOD}/remove`, { body }),
  restore: (body: Body<"post", `${typeof MOD}/restore`>) => api.post(`${MOD}/restore`, { body }),
  pin: (body: Body<"post", `${typeof MOD}/pin`>) => api.post(`${MOD}/pin`, { body }),
  lock: (body: Body<"post", `${typeof MOD}/lock`>) => api.post(`${MOD}/lock`, { body }),
  ban: (body: Body<"post", `${typeof MOD}/ban`>) => api.post(`${MOD}/ban`, { body }),
  unban: (body: Body<"delete", `${typeof MOD}/ban`>) => api.delete(`${MOD}/ban`, { body }),
};

/** Whether the viewer keeps this community (its owner or a moderator), from their membership. */
export function moderates(membership: { role: string } | null | undefined): boolean {
  return membership?.role === "OWNER" || membership?.role === "MODERATOR";
}
