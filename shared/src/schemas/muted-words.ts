import { queryBoolean } from "../api";
import { MUTE_CONTEXTS } from "../enums";
import { z } from "../zod-jitless";

// Muted words: the phrases a person keeps out of their lists, where and until when.

/** The longest phrase a person can mute. */
export const MUTED_PHRASE_MAX = 100;
/** How many muted phrases one person may keep. */
export const MUTED_WORDS_MAX = 100;

export const MUTED_WORDS_MSG = {
  tooManyFilters: `You can keep at most ${MUTED_WORDS_MAX} muted phrases; remove one first`,
  filterNotFound: "Muted phrase not found",
  expiresInPast: "must be in the future",
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
