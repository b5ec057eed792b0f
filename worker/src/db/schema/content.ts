import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BLOG_CATEGORIES, MEMBERSHIP_TYPES } from "#shared/enums.ts";
import type { ContentLanguage, FeaturedTranslation } from "#shared/schemas/content.ts";
import { createdAt, flag, updatedAt } from "./columns";
import { admins } from "./users";

export const featuredItems = sqliteTable("featured_items", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  link: text("link").notNull(),
  title: text("title").notNull(),
  subtitle: text("subtitle").notNull(),
  image: text("image").notNull(),
  position: integer("position").notNull().default(0),
  /** Title and subtitle by language ("es", "pt"); English is `title` and `subtitle`. */
  translations: text("translations", { mode: "json" })
    .$type<Partial<Record<ContentLanguage, FeaturedTranslation>>>()
    .notNull()
    .default({}),
  createdAt: createdAt(),
});

export const membershipPlans = sqliteTable("membership_plans", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  membershipType: text("membership_type", { enum: MEMBERSHIP_TYPES }).notNull().unique(),
  name: text("name").notNull(),
  /** Monthly price in cents. */
  priceCents: integer("price_cents").notNull(),
  /** JSON array of feature strings. */
  features: text("features").notNull(),
  position: integer("position").notNull().default(0),
});

export const blogPosts = sqliteTable(
  "blog_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    cover: text("cover"),
    category: text("category", { enum: BLOG_CATEGORIES }).notNull().default("OTHER"),
    summary: text("summary").notNull().default(""),
    /** Sanitised HTML. */
    body: text("body").notNull().default(""),
    authorId: integer("author_id").references(() => admins.id, { onDelete: "set null" }),
    publishedAt: integer("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("blog_posts_slug_unique").on(t.slug),
    index("blog_posts_published_idx").on(t.publishedAt),
  ],
);

export const emailTemplates = sqliteTable("email_templates", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  subject: text("subject").notNull(),
  mjmlText: text("mjml_text").notNull(),
  /** mjml_text as HTML, made by the renderer Worker when it was saved; null if it did not render then. */
  html: text("html"),
  publishedAt: integer("published_at"),
  isLocked: flag("is_locked", false),
  /**
   * What the product itself sends from this template, if anything: `AWAY_DIGEST` is the e-mail of
   * what a person missed (worker/src/features/push/digest.ts). Such a template is edited, never sent
   * as a newsletter; one per purpose.
   */
  purpose: text("purpose").unique(),
  /** The send that set published_at: its later statements in the same batch check it (migration 0060). */
  sendToken: text("send_token"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Files staff upload from the admin site. */
export const adminFiles = sqliteTable("admin_files", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  file: text("file").notNull(),
  filePublicId: text("file_public_id").notNull().unique(),
  contentType: text("content_type").notNull(),
  adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Development and test e-mail outbox: what would have been sent (`GET /api/dev/outbox?to=`). */
export const devOutbox = sqliteTable(
  "dev_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers the message was sent with (List-Unsubscribe), as a JSON object. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_to_idx").on(t.to, t.id)],
);
