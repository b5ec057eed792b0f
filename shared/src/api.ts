import { DEFAULT_PAGE_SIZE, FIRST_OFFSET, MAX_PAGE_SIZE, SKIP_MAX } from "./constants";
import { ERROR_CODES } from "./error-codes";
import { z } from "./zod-jitless";

/** What went wrong, by name: one code per status, or a domain code a client acts on (error-codes.ts). */
export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Every error the API sends: `{"detail": "...", "code": "..."}`, and for a refusal that names fields,
 * `fields` with each field's problem (`{"detail": "title: Required", "code": "validation_failed",
 * "fields": {"title": "Required"}}`). Clients branch on `code`, never on `detail` (docs/decisions/137).
 */
export const errorSchema = z.object({
  detail: z.string(),
  code: errorCodeSchema,
  fields: z.record(z.string(), z.string()).optional(),
  /** A trust-level limit (429): which action, how many per window (a day; edits an hour), why, and when more is allowed. */
  limit: z
    .object({
      action: z.string(),
      max: z.number().int(),
      trust_level: z.number().int(),
      reason: z.enum(["AGE", "CONTRIBUTIONS", "REPORT", "MEMBER", "REGULAR"]),
      /** When the allowance grows (a new account's first days end), or the day starts again. */
      until: z.string(),
      /** "hour" for an hourly allowance (edits); absent for a daily one. */
      per: z.enum(["day", "hour"]).optional(),
      /** When the person may act again: the count starts again. */
      retry_at: z.string().optional(),
    })
    .optional(),
  /** A suspended person's sign-in (403): why, until when, and how to appeal. */
  suspension: z
    .object({
      cause: z.string().nullable(),
      note: z.string(),
      ends_at: z.string().nullable(),
      moderation_id: z.number().int().nullable(),
      appeal_token: z.string().nullable(),
      appeal: z.object({ status: z.string(), decision: z.string().nullable(), note: z.string() }).nullable(),
    })
    .optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** `skip` of every list: from 0 to SKIP_MAX (docs/decisions/094). */
export const skipSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(
    SKIP_MAX,
    `Must be at most ${SKIP_MAX}: lists go no deeper by offset (follow next_cursor where there is one)`,
  )
  .default(FIRST_OFFSET);

/** `skip` and `limit` of every list: skip from 0, limit capped at 100 (docs/decisions/020). */
export const pageQuerySchema = z.object({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: `{list, total_list, total_pages}`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total_list: z.number().int(), total_pages: z.number().int() });
}
export interface Page<T> {
  list: T[];
  total_list: number;
  total_pages: number;
}

export function toPage<T>(list: T[], total: number, limit: number): Page<T> {
  return { list, total_list: total, total_pages: Math.ceil(total / limit) };
}

/** A public id as a client sends it (posts, comments, drafts, threads): random and URL-safe. */
export const publicIdSchema = z.string().trim().min(1).max(40);
export const publicIdQuery = z.object({ public_id: publicIdSchema });

/** Query booleans arrive as strings. */
export const queryBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/**
 * How many items of a page the caller's muted words left out (posts read and not listed); absent
 * when none were. The lists that leave posts out take `show_muted=true` to leave none out.
 */
export const hiddenByMutesSchema = z.number().int().min(0).optional();

/**
 * Whether every `%` of a text starts an escape that decodes (two hex digits, UTF-8 as a whole).
 * A link or address with a broken one ("%E0%A4%A", "%zz") is refused with a 4xx, never decoded.
 */
export function hasValidPercentEncoding(text: string): boolean {
  if (!text.includes("%")) return true;
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** `decodeURIComponent`, or null where the text's percent-encoding is broken. */
export function decodeUriComponentOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * One of `values` in any letter case, answered as listed. The document lists each value lowercase
 * and as listed (what clients send), not a free string: a proxy or a generated client then refuses
 * what the API would refuse.
 */
export function anyCaseEnum<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  const spellings = [...new Set(values.flatMap((v) => [v.toLowerCase(), v]))];
  return z
    .string({ error })
    .trim()
    .transform((s) => values.find((v) => v.toLowerCase() === s.toLowerCase()) ?? s)
    .pipe(z.enum(values, { error }))
    .meta({ enum: spellings } as Record<string, unknown>);
}
