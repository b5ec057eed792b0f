import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { EXPERIENCE_LEVELS, JOB_CATEGORIES, JOB_STATUSES, JOB_TYPES, JOB_WORK_MODES } from "#shared/enums.ts";
import { createdAt, flag, updatedAt } from "./columns";
import { users } from "./users";

// The jobs board and the services marketplace (migration 0050, docs/decisions/050). Their full-text
// tables and the counters of their public lists are kept by triggers written in that migration.

/** A company belongs to the person who created it; its name (any case) to nobody else. */
export const companies = sqliteTable(
  "companies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The name in lowercase: one company per name, whatever the case. */
    nameKey: text("name_key").notNull(),
    description: text("description").notNull().default(""),
    location: text("location").notNull().default(""),
    website: text("website"),
    logo: text("logo"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("companies_name_key_unique").on(t.nameKey),
    index("companies_owner_idx").on(t.ownerId, t.updatedAt),
  ],
);

export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** The title slugified plus a short random part; unique per owner. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    location: text("location").notNull().default(""),
    jobType: text("job_type", { enum: JOB_TYPES }).notNull(),
    jobCategory: text("job_category", { enum: JOB_CATEGORIES }).notNull(),
    workMode: text("work_mode", { enum: JOB_WORK_MODES }).notNull(),
    experienceLevel: text("experience_level", { enum: EXPERIENCE_LEVELS }).notNull(),
    /** Whole US dollars a year; 0 and 0 mean "not shown". */
    minimumSalary: integer("minimum_salary").notNull().default(0),
    maximumSalary: integer("maximum_salary").notNull().default(0),
    payInCrypto: flag("pay_in_crypto", false),
    howToApply: text("how_to_apply").notNull(),
    skills: text("skills", { mode: "json" }).$type<string[]>().notNull(),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("CONFIRMED"),
    /** Public until then (lib/job-visibility-queries.ts); the daily cron then closes it. */
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("jobs_owner_slug_unique").on(t.ownerId, t.slug),
    index("jobs_owner_idx").on(t.ownerId, t.id),
    index("jobs_company_idx").on(t.companyId),
    // Newest first within a status, alone or with one filter: each list is one index range.
    index("jobs_status_idx").on(t.status, t.id),
    index("jobs_category_idx").on(t.status, t.jobCategory, t.id),
    index("jobs_type_idx").on(t.status, t.jobType, t.id),
    index("jobs_work_mode_idx").on(t.status, t.workMode, t.id),
    index("jobs_experience_idx").on(t.status, t.experienceLevel, t.id),
    index("jobs_crypto_idx").on(t.status, t.payInCrypto, t.id),
    // The cron's "CONFIRMED and expired".
    index("jobs_expiry_idx").on(t.status, t.expiresAt),
  ],
);

export const services = sqliteTable(
  "services",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category", { enum: JOB_CATEGORIES }).notNull(),
    /** In cents. */
    price: integer("price").notNull(),
    deliveryDays: integer("delivery_days").notNull(),
    /** Links of up to three pictures (/media/...). */
    images: text("images", { mode: "json" }).$type<string[]>().notNull(),
    skills: text("skills", { mode: "json" }).$type<string[]>().notNull(),
    /** False while its owner has paused it: then only they see it. */
    isActive: flag("is_active", true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("services_owner_slug_unique").on(t.ownerId, t.slug),
    index("services_owner_idx").on(t.ownerId, t.id),
    index("services_active_idx").on(t.isActive, t.id),
    index("services_category_idx").on(t.isActive, t.category, t.id),
  ],
);

/** One résumé per person (a PDF in R2), shown in the job settings tab. */
export const resumes = sqliteTable("resumes", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  size: integer("size").notNull(),
  createdAt: createdAt(),
});
