import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { pageSchema } from "#shared/api.ts";
import {
  banSchema,
  MOD_LOG_PAGE_SIZE,
  moderatorSchema,
  modLogEntrySchema,
  modReportSchema,
} from "#shared/schemas/community-moderation.ts";
import { z } from "#shared/zod-jitless.ts";
import { api } from "#web/lib/api.ts";

export const modKeys = {
  root: ["community-moderation"] as const,
  log: (name: string) => [...modKeys.root, "log", name.toLowerCase()] as const,
  moderators: (name: string) => [...modKeys.root, "moderators", name.toLowerCase()] as const,
  bans: (name: string) => [...modKeys.root, "bans", name.toLowerCase()] as const,
  reports: (name: string, status: string) =>
    [...modKeys.root, "reports", name.toLowerCase(), status] as const,
};

export const modLogQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: modKeys.log(name),
    queryFn: async ({ pageParam, signal }) =>
      pageSchema(modLogEntrySchema).parse(
        await api.get("/api/v1/community/mod/log", {
          query: { name, skip: pageParam, limit: MOD_LOG_PAGE_SIZE },
          signal,
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.length * MOD_LOG_PAGE_SIZE < last.total_list ? pages.length * MOD_LOG_PAGE_SIZE : undefined,
  });

export const moderatorsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: modKeys.moderators(name),
    queryFn: async ({ signal }) =>
      z
        .object({ list: z.array(moderatorSchema) })
        .parse(await api.get("/api/v1/community/moderator/list", { query: { name }, signal })).list,
  });

export const bansQueryOptions = (name: string) =>
  queryOptions({
    queryKey: modKeys.bans(name),
    queryFn: async ({ signal }) =>
      z
        .object({ list: z.array(banSchema) })
        .parse(await api.get("/api/v1/private/user/community/mod/ban/list", { query: { name }, signal }))
        .list,
  });

export const modReportsQueryOptions = (name: string, status: "OPEN" | "RESOLVED") =>
  queryOptions({
    queryKey: modKeys.reports(name, status),
    queryFn: async ({ signal }) =>
      pageSchema(modReportSchema).parse(
        await api.get("/api/v1/private/user/community/mod/report/list", {
          query: { name, status, limit: 50 },
          signal,
        }),
      ),
  });
