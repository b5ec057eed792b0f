import { adminFetch } from "#admin/lib/api.ts";
import { skipPagesQuery } from "#admin/lib/paged.ts";
import type { Page } from "#shared/api.ts";
import type { AdminCommunity } from "#shared/schemas/admin.ts";

export const communitiesKeys = { all: ["admin", "communities"] as const };

const PAGE = 20;

/** Communities newest first, or those whose name starts with `name`. */
export const communityListQuery = (name: string) =>
  skipPagesQuery([...communitiesKeys.all, "list", name], PAGE, (skip, limit) =>
    adminFetch<Page<AdminCommunity>>("/api/admin/private/community/list", {
      query: { name: name || undefined, skip, limit },
    }),
  );
