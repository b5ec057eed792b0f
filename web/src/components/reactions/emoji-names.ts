import { msg } from "#client/i18n.ts";

/** The default palette's emoji by name, for screen readers; another emoji is read as itself. */
export const EMOJI_NAMES: Record<string, string> = {
  "👍": msg("thumbs up"),
  "❤️": msg("red heart"),
  "😂": msg("tears of joy"),
  "😮": msg("surprise"),
  "😢": msg("crying face"),
  "🎉": msg("party popper"),
  "🙏": msg("folded hands"),
  "👀": msg("eyes"),
};
