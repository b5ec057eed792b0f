import { skipSchema } from "../api";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { BLOG_CATEGORIES, MEMBERSHIP_TYPES } from "../enums";
import { z } from "../zod-jitless";

// Featured cards, membership plans and the public blog. All of it
// comes from the database, written by staff (or the seed), never from code.

export const featuredItemSchema = z.object({
  id: z.number().int(),
  link: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.string(),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;

/** The languages content written by staff can be translated into (English is the text itself). */
export const CONTENT_LANGUAGES = ["es", "pt"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** `?lang=` of content lists: a featured card answers in that language when staff translated it. */
export const contentLanguageQuerySchema = z.object({
  lang: z.string().max(10).optional(),
});

/** A featured card's text in another language. */
export interface FeaturedTranslation {
  title: string;
  subtitle: string;
}

/** A membership plan card: price in dollars a month. */
export const membershipPlanSchema = z.object({
  membership_type: z.enum(MEMBERSHIP_TYPES),
  name: z.string(),
  price: z.number(),
  currency: z.literal("USD"),
  interval: z.literal("month"),
  features: z.array(z.string()),
});
export type MembershipPlan = z.infer<typeof membershipPlanSchema>;

/** A blog post in the list, with its summary. */
export const blogSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  cover: z.string().nullable(),
  category: z.enum(BLOG_CATEGORIES),
  summary: z.string(),
  published_at: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** One published post: the summary and its sanitised HTML body. */
export const blogSchema = blogSummarySchema.extend({ body: z.string(), updated_at: z.string() });
export type Blog = z.infer<typeof blogSchema>;

export const blogListQuerySchema = z.object({
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /** Only this category; anything else lists every category. */
  category: z
    .string()
    .optional()
    .transform((c) => BLOG_CATEGORIES.find((k) => k === c?.toUpperCase()) ?? null),
});

export const blogQuerySchema = z.object({ slug: z.string().trim().toLowerCase().min(1).max(200) });
