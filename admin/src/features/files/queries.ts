import { adminApi } from "#admin/lib/api.ts";
import { skipPagesQueryOptions } from "#admin/lib/paged.ts";
import type { AdminFile } from "#shared/schemas/admin.ts";

export const fileKeys = {
  root: ["admin", "files"] as const,
  list: () => [...fileKeys.root, "list"] as const,
};

const PAGE = 24;

/** Uploaded files, newest first. */
export const fileListQueryOptions = () =>
  skipPagesQueryOptions(fileKeys.list(), PAGE, (skip, limit) =>
    adminApi.get("/api/admin/private/file/list", { query: { skip, limit } }),
  );

/** A file's link as people paste it elsewhere: the full address. */
export const fileAddress = (file: AdminFile) => new URL(file.file, window.location.origin).toString();
