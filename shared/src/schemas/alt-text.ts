import { MEDIA_ALT_MAX } from "../constants";
import { z } from "../zod-jitless";

// A picture's description for screen readers (post media, chat images). Messages are the English
// i18n keys.
export const ALT_MSG = {
  altRequired: "Describe the picture for people who cannot see it",
  altMax: `A description must be ${MEDIA_ALT_MAX} characters or less`,
} as const;

/** As the API takes it: trimmed, at most MEDIA_ALT_MAX characters; blank means none. */
export const altTextSchema = z
  .string()
  .trim()
  .max(MEDIA_ALT_MAX, ALT_MSG.altMax)
  .transform((v) => v || null);

/** The composer's check of a picture's description: required when the person asks for descriptions. */
export function altProblem(alt: string, required: boolean): string | null {
  if (alt.trim().length > MEDIA_ALT_MAX) return ALT_MSG.altMax;
  if (required && !alt.trim()) return ALT_MSG.altRequired;
  return null;
}
