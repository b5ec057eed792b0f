import {
  type AnySQLiteColumn,
  index,
  integer,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { USER_STATUSES } from "#shared/enums.ts";
import { counter, createdAt, flag, updatedAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** A forgotten-password replacement, valid beside the current one until first used or expired. */
    pendingPasswordHash: text("pending_password_hash"),
    pendingPasswordExpiresAt: integer("pending_password_expires_at"),
    status: text("status", { enum: USER_STATUSES }).notNull().default("UNCONFIRMED"),
    profileName: text("profile_name"),
    profileImage: text("profile_image"),
    profileCover: text("profile_cover"),
    /** One line people see under the name (plain text, up to 100). */
    headline: text("headline").notNull().default(""),
    /** A few lines about the person (plain text, up to 300, line breaks kept). */
    bio: text("bio").notNull().default(""),
    /** Up to five https addresses, a JSON list. */
    links: text("links").notNull().default("[]"),
    isStaff: flag("is_staff", false),
    isVerifiedUser: flag("is_verified_user", false),
    isVerifiedBusiness: flag("is_verified_business", false),
    /** Raised on password change or deletion: every older token stops working. */
    tokenVersion: counter("token_version"),
    referrerId: integer("referrer_id").references((): AnySQLiteColumn => users.id, { onDelete: "set null" }),
    googleSub: text("google_sub"),
    totalFollowers: counter("total_followers"),
    totalFollowing: counter("total_following"),
    totalMicroposts: counter("total_microposts"),
    defaultMicropostSort: text("default_micropost_sort").notNull().default("NEW"),
    // Boolean settings, each one a person switches with `PATCH .../setting/boolean`.
    notifyReferral: flag("notify_referral", true),
    notifyFollower: flag("notify_follower", true),
    notifyMention: flag("notify_mention", true),
    notifyComment: flag("notify_comment", true),
    notifyCommunity: flag("notify_community", true),
    notifyUpvote: flag("notify_upvote", true),
    allowNewChat: flag("allow_new_chat", true),
    newsletter: flag("newsletter", true),
    useNightMode: flag("use_night_mode", true),
    serviceProvider: flag("service_provider", false),
    showBlockedList: flag("show_blocked_list", false),
    /** The composer asks for a description of each picture before it sends it. */
    requireAltText: flag("require_alt_text", true),
    /**
     * Chat partners see when this person is online, and this person sees theirs. Off: neither
     * (nobody is shown online to someone who hides being online).
     */
    showOnline: flag("show_online", true),
    /**
     * Search engines may index this person's profile and posts (the open web: their pages say
     * `noindex` and leave the sitemap when off).
     */
    searchEngineIndexing: flag("search_engine_indexing", true),
    /**
     * The person's feeds leave out the posts they have read, on every device (docs/decisions/178):
     * the web app sends `hide_read=true` with each feed while it is on.
     */
    hideRead: flag("hide_read", false),
    /**
     * The language of what reaches the person while away (pushes, the e-mail of what was missed):
     * en, es or pt. Set at sign-up from the browser's languages, changed in Settings → Notifications.
     */
    language: text("language").notNull().default("en"),
    jobTitle: text("job_title"),
    jobSkills: text("job_skills"),
    lastCodeSentAt: integer("last_code_sent_at"),
    /** When the account was first confirmed (kept by triggers, migration 0060); null while never. */
    confirmedAt: integer("confirmed_at"),
    /**
     * When someone proved they read `email` (a registration or e-mail change code, Google, or the
     * e-mailed password used); null while nobody has. Google links only to a proven address.
     */
    emailVerifiedAt: integer("email_verified_at"),
    deletedAt: integer("deleted_at"),
    /**
     * 0 new, 1 member, 2 regular (lib/trust.ts): how much each write path allows.
     * Recomputed when contributions or upheld moderation change, and lazily once an age threshold
     * passes; `trust_level_at` says when.
     */
    trustLevel: integer("trust_level").notNull().default(0),
    trustLevelAt: integer("trust_level_at").notNull().default(0),
    /** Staff set the level by hand: automatic recomputation leaves it alone. */
    trustLevelManual: flag("trust_level_manual", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(t.username),
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    index("users_referrer_idx").on(t.referrerId),
    index("users_created_idx").on(t.createdAt),
    // Suggested people, the most followed first.
    index("users_followers_idx").on(t.totalFollowers, t.id),
  ],
);

export const verificationCodes = sqliteTable(
  "verification_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the code: the code itself is never stored. */
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verification_codes_hash_unique").on(t.codeHash),
    index("verification_codes_user_idx").on(t.userId),
  ],
);

/**
 * A person's e-mail change waiting for the code sent to the new address: one per person (a new
 * request replaces it), bound to the browser that asked. The new address is not reserved.
 */
export const emailChanges = sqliteTable(
  "email_changes",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    /** SHA-256 of the browser's cookie: finds the change. */
    browserHash: text("browser_hash").notNull(),
    /** SHA-256 of the cookie and the code together: a leaked row does not give the code away. */
    codeHash: text("code_hash").notNull(),
    /** Wrong codes so far; at EMAIL_CHANGE_MAX_TRIES the change is void. */
    tries: integer("tries").notNull().default(0),
    /** The account's token version when asked: once the person's sessions end, the change is void. */
    tokenVersion: integer("token_version").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("email_changes_browser_unique").on(t.browserHash)],
);

/** A finished Google sign-in waiting for its browser: `/signin?code=` is traded once, within 60 s. */
export const googleExchangeCodes = sqliteTable(
  "google_exchange_codes",
  {
    codeHash: text("code_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the OAuth nonce cookie of the browser that started the sign-in. */
    nonceHash: text("nonce_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("google_exchange_codes_expires_idx").on(t.expiresAt)],
);

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email"),
    passwordHash: text("password_hash").notNull(),
    profileImage: text("profile_image"),
    useNightMode: flag("use_night_mode", true),
    tokenVersion: counter("token_version"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("admins_username_unique").on(t.username)],
);
