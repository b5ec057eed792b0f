import { msg } from "#client/i18n.ts";
import type { BlogCategory } from "#shared/enums.ts";

/** The words of each blog category (the main site's blog names them the same way). */
export const CATEGORY_LABEL: Record<BlogCategory, string> = {
  ANNOUNCEMENT: msg("Announcement"),
  GUIDE: msg("Guide"),
  COMMUNITY: msg("Community"),
  SECURITY: msg("Security"),
  INSIGHTS: msg("Insights"),
  OTHER: msg("Other"),
};
