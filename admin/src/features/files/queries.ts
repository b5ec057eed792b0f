import { adminFetch } from "#admin/lib/api.ts";
import { skipPagesQuery } from "#admin/lib/paged.ts";
import type { Page } from "#shared/api.ts";
import type { AdminFile } from "#shared/schemas/admin.ts";

export const filesKeys = { all: ["admin", "files"] as const };

const PAGE = 24;

/** Uploaded files, newest first. */
export const fileListQuery = () =>
  skipPagesQuery([...filesKeys.all, "list"], PAGE, (skip, limit) =>
    adminFetch<Page<AdminFile>>("/api/admin/private/file/list", { query: { skip, limit } }),
  );

/** A file's link as people paste it elsewhere: the full address. */
export const fileAddress = (file: AdminFile) => new URL(file.file, window.location.origin).toString();
