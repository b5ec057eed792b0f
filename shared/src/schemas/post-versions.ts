import { z } from "../zod-jitless";

// Edit history: what the history pages answer. Apart from posts.ts, which the main site's first
// screen loads.

/**
 * One version of a post or a comment, newest first: the current text, then each one an edit
 * replaced. `edited_at` is when that version was written (null for the first); a version staff
 * redacted has no text left.
 */
export const postVersionSchema = z.object({
  /** The stored version's id (staff redact by it); null for the current text. */
  id: z.number().int().nullable(),
  /** A post's title; comments have none. */
  title: z.string().nullable().optional(),
  /** Sanitised HTML; empty when redacted. */
  body: z.string(),
  edited_at: z.string().nullable(),
  redacted: z.boolean(),
});
export type PostVersion = z.infer<typeof postVersionSchema>;
