import { queryOptions } from "@tanstack/react-query";
import { type GettingStarted, gettingStartedSchema } from "#shared/schemas/getting-started.ts";
import { api } from "#web/lib/api.ts";

const gettingStartedKey = ["account", "getting-started"] as const;

/** The Get started checklist as the server counts it (docs/decisions/171). */
export const gettingStartedQueryOptions = () =>
  queryOptions({
    queryKey: gettingStartedKey,
    queryFn: async ({ signal }) =>
      gettingStartedSchema.parse(await api.get("/api/v1/private/user/getting-started", { signal })),
    meta: { silent: true },
  });

/** The steps done of four. */
export const stepsDone = (p: GettingStarted, goal: number) =>
  [p.profile, p.communities >= goal, p.people >= goal, p.post].filter(Boolean).length;
