import { msg } from "#client/i18n.ts";
import type { FeedbackType, ReportCause } from "#shared/enums.ts";

// Words for the enumerations people pick when they report or give feedback: the main site's dialogs
// and the admin site's Reports and Feedbacks screens say the same, so staff read what reporters chose.

export const CAUSE_LABEL: Record<ReportCause, string> = {
  SPAM: msg("Spam"),
  HARASSMENT: msg("Harassment"),
  HATE: msg("Hate"),
  FRAUD: msg("Fraud"),
  MISCONDUCT: msg("Misconduct"),
  NSFW: msg("NSFW"),
  MISINFORMATION: msg("Misinformation"),
  IMPERSONATION: msg("Impersonation"),
  ILLEGAL_CONTENT: msg("Illegal content"),
  OTHER: msg("Other"),
};

export const FEEDBACK_LABEL: Record<FeedbackType, string> = {
  SUGGESTION: msg("Suggestion"),
  GENERAL_FEEDBACK: msg("General feedback"),
  FEATURE_REQUEST: msg("Feature request"),
  ERROR: msg("Error"),
  OTHER: msg("Other"),
};
