import { queryBoolean } from "../api";
import { DATA_EXPORT_STATUSES, MUTE_CONTEXTS } from "../enums";
import { z } from "../zod-jitless";

// Muted words and the data archive: the person's own view of Agora and their data to take away.

/** The longest phrase a person can mute. */
export const MUTED_PHRASE_MAX = 100;
/** How many muted phrases one person may keep. */
export const MUTED_WORDS_MAX = 100;
/** One archive per this many milliseconds (a day). */
export const EXPORT_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long a ready archive can be downloaded (seven days). */
export const EXPORT_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const ACCOUNT_DATA_MSG = {
  tooManyFilters: `You can keep at most ${MUTED_WORDS_MAX} muted phrases; remove one first`,
  filterNotFound: "Muted phrase not found",
  expiresInPast: "must be in the future",
  exportPending: "Your data archive is still being prepared; you will be told when it is ready",
  exportTooSoon: "You can ask for one data archive a day; try again after 24 hours",
  exportNotFound: "No data archive to download",
  exportExpired: "This data archive has expired; ask for a new one",
} as const;

/** `POST .../filter`: a phrase, whole-word or anywhere, where it applies and until when. */
export const mutedWordCreateSchema = z.object({
  phrase: z
    .string()
    .trim()
    .min(1, "is required")
    .max(MUTED_PHRASE_MAX, `must be at most ${MUTED_PHRASE_MAX} characters`),
  whole_word: queryBoolean.default(true),
  /** A list; a form may send it as one comma-separated value or the field repeated. */
  contexts: z
    .preprocess(
      (v) => (typeof v === "string" ? v.split(",") : v),
      z
        .array(z.enum(MUTE_CONTEXTS))
        .min(1, "choose at least one place")
        .max(MUTE_CONTEXTS.length, "name each place once"),
    )
    .transform((list) => [...new Set(list)]),
  /** ISO time; null, empty or absent: never. */
  expires_at: z
    .preprocess((v) => (v === "" ? null : v), z.iso.datetime({ offset: true }).nullable())
    .default(null),
});
export type MutedWordCreate = z.input<typeof mutedWordCreateSchema>;

export const mutedWordSchema = z.object({
  id: z.number().int(),
  phrase: z.string(),
  whole_word: z.boolean(),
  contexts: z.array(z.enum(MUTE_CONTEXTS)),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type MutedWord = z.infer<typeof mutedWordSchema>;

export const mutedWordListSchema = z.object({ list: z.array(mutedWordSchema) });

/** `DELETE .../filter?id=`. */
export const mutedWordIdSchema = z.object({ id: z.coerce.number().int().positive() });

export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  /** Where the owner downloads the zip (signed in); null until it is ready or once it expired. */
  link: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET .../export`: the newest archive, or null before any was asked for. */
export const dataExportAnswerSchema = z.union([dataExportSchema, z.null()]);
