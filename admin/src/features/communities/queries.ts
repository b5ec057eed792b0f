import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";

const communityKeys = {
  root: ["admin", "communities"] as const,
  list: (name: string) => [...communityKeys.root, "list", name] as const,
};

const PAGE = 20;

/** Communities newest first, or those whose name starts with `name`. */
export const communityListQueryOptions = (name: string) =>
  skipPagesQueryOptions(communityKeys.list(name), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/community/list", {
      query: { name: name || undefined, skip, limit },
    }),
  );
