import { DATA_EXPORT_STATUSES } from "../enums";
import { z } from "../zod-jitless";

// The data archive: a person's data to take away, built by the queue and kept for a week.

/** One archive per this many milliseconds (a day). */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long a ready archive can be downloaded (seven days). */
export const EXPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const DATA_EXPORT_MSG = {
  exportPending: "Your data archive is still being prepared; you will be told when it is ready",
  exportTooSoon: "You can ask for one data archive a day; try again after 24 hours",
  exportNotFound: "No data archive to download",
  exportExpired: "This data archive has expired; ask for a new one",
} as const;

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Where the owner downloads the zip (signed in); null until it is ready or once it expired. */
  link: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET .../export/download?id=`: which archive. */
export const dataExportIdSchema = z.object({ id: z.coerce.number().int().positive() });

/** `GET .../export`: the newest archive, or null before any was asked for. */
export const dataExportAnswerSchema = z.union([dataExportSchema, z.null()]);
