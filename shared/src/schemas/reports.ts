import { hasValidPercentEncoding } from "../api";
import { FEEDBACK_TEXT_MAX, FEEDBACK_TEXT_MIN, REPORT_TEXT_MAX, REPORT_TEXT_MIN } from "../constants";
import { FEEDBACK_TYPES, REPORT_CAUSES } from "../enums";
import { z } from "../zod-jitless";

// Report and feedback. The messages keep the product's wording, some with a full stop and some
// without; they are i18n keys too.
export const REPORTS_MSG = {
  causeRequired: "Please select a cause.",
  descriptionRequired: "Description is required.",
  descriptionMin: `Minimum ${REPORT_TEXT_MIN} characters required.`,
  descriptionMax: `Maximum ${REPORT_TEXT_MAX} characters allowed.`,
  invalidType: "Invalid type",
  feedbackMin: `Minimum ${FEEDBACK_TEXT_MIN} characters required`,
  feedbackMax: `Maximum ${FEEDBACK_TEXT_MAX} characters allowed`,
  invalidUrl: "Invalid URL",
  reportTarget: "Say which user or link you are reporting",
  reportSelf: "You can not report yourself",
  reportSubmitted: "Report submitted successfully!",
  feedbackSubmitted: "Feedback submitted successfully!",
} as const;

const LINK_MAX = 2048;

/** A web address, or a path inside Agora (a post's link is "/c/…/p/…"). Empty means none. */
const optionalLink = z
  .string()
  .trim()
  .max(LINK_MAX, REPORTS_MSG.invalidUrl)
  .refine((v) => v === "" || isLink(v), REPORTS_MSG.invalidUrl)
  .optional()
  .transform((v) => v || null);

function isLink(value: string): boolean {
  // A broken escape ("/c/x/p/%E0%A4%A") is not a link: the report's target is read by decoding it.
  if (!hasValidPercentEncoding(value)) return false;
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** `POST /api/v1/private/user/report` (multipart): cause, text 40-160, link, reported_username. */
export const reportSchema = z
  .object({
    report_cause: z.preprocess(emptyToUndefined, z.enum(REPORT_CAUSES, { error: REPORTS_MSG.causeRequired })),
    text: z
      .string({ error: REPORTS_MSG.descriptionRequired })
      .trim()
      .min(1, { message: REPORTS_MSG.descriptionRequired, abort: true })
      .min(REPORT_TEXT_MIN, REPORTS_MSG.descriptionMin)
      .max(REPORT_TEXT_MAX, REPORTS_MSG.descriptionMax),
    link: optionalLink,
    reported_username: z
      .string()
      .trim()
      .toLowerCase()
      .max(64)
      .optional()
      .transform((v) => v || null),
    /** The community rule the content breaks (its title), for a report about a community's content. */
    rule: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || null),
  })
  .refine((r) => r.link !== null || r.reported_username !== null, {
    message: REPORTS_MSG.reportTarget,
    path: ["reported_username"],
  });
export type ReportInput = z.input<typeof reportSchema>;

/** `POST /api/v1/private/user/feedback` (multipart): type, text 40-1000, optional URL. */
export const feedbackSchema = z.object({
  feedback_type: z.preprocess(emptyToUndefined, z.enum(FEEDBACK_TYPES, { error: REPORTS_MSG.invalidType })),
  text: z
    .string({ error: REPORTS_MSG.feedbackMin })
    .trim()
    .min(FEEDBACK_TEXT_MIN, REPORTS_MSG.feedbackMin)
    .max(FEEDBACK_TEXT_MAX, REPORTS_MSG.feedbackMax),
  link: optionalLink,
});
export type FeedbackInput = z.input<typeof feedbackSchema>;

export const submittedSchema = z.object({ id: z.number().int(), detail: z.string() });
