import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { MEDIA_KINDS, POST_TYPES } from "#shared/enums.ts";
import { counter, createdAt, flag, updatedAt } from "./columns";
import { communities, communityFlairs } from "./communities";
import { users } from "./users";

export const microposts = sqliteTable(
  "microposts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    body: text("body").notNull().default(""),
    slug: text("slug").notNull(),
    postType: text("post_type", { enum: POST_TYPES }).notNull().default("TEXT"),
    isDraft: flag("is_draft", false),
    isPinned: flag("is_pinned", false),
    /** Set while its community's moderators closed it to new comments. */
    lockedAt: integer("locked_at"),
    /** The community's flair it carries, if any. */
    flairId: integer("flair_id").references(() => communityFlairs.id, { onDelete: "set null" }),
    /** Copied from the owner so the VERIFIED feed is one index range. */
    isOwnerVerified: flag("is_owner_verified", false),
    totalVotes: counter("total_votes"),
    totalComments: counter("total_comments"),
    /** Top-level comments only: the total of the comment list's pages (migration 0020). */
    totalTopComments: counter("total_top_comments"),
    publishedAt: integer("published_at"),
    /**
     * Hidden by staff (kept for appeal and audit). A removed post is also `is_draft = 1` so every
     * public list, search and counter already leaves it out; the drafts list leaves it out by this.
     */
    removedAt: integer("removed_at"),
    /** When its author last changed the body; null while never (the older versions are in micropost_versions). */
    editedAt: integer("edited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("microposts_public_id_unique").on(t.publicId),
    index("microposts_new_idx").on(t.isDraft, t.publishedAt, t.id),
    index("microposts_top_idx").on(t.isDraft, t.totalVotes, t.id),
    index("microposts_verified_idx").on(t.isDraft, t.isOwnerVerified, t.publishedAt, t.id),
    index("microposts_community_idx").on(t.communityId, t.isDraft, t.publishedAt, t.id),
    index("microposts_community_pinned_idx").on(t.communityId, t.isDraft, t.isPinned, t.publishedAt, t.id),
    index("microposts_flair_idx").on(t.flairId, t.isDraft, t.isPinned, t.publishedAt, t.id),
    index("microposts_owner_idx").on(t.ownerId, t.isDraft, t.publishedAt, t.id),
    // A custom feed sorted TOP merges one range per community and per person (docs/decisions/149).
    index("microposts_community_top_idx").on(t.communityId, t.isDraft, t.totalVotes, t.id),
    index("microposts_owner_top_idx").on(t.ownerId, t.isDraft, t.totalVotes, t.id),
  ],
);

export const micropostFiles = sqliteTable(
  "micropost_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    micropostId: integer("micropost_id")
      .notNull()
      .references(() => microposts.id, { onDelete: "cascade" }),
    file: text("file").notNull(),
    fileType: text("file_type", { enum: MEDIA_KINDS }).notNull(),
    /** What the picture shows, for screen readers (at most MEDIA_ALT_MAX characters); null when none was given. */
    alt: text("alt"),
  },
  (t) => [index("micropost_files_post_idx").on(t.micropostId)],
);

/** A WITHOUT ROWID table (migration 0116, which Drizzle's schema cannot say): its key is its b-tree. */
export const micropostVotes = sqliteTable(
  "micropost_votes",
  {
    micropostId: integer("micropost_id")
      .notNull()
      .references(() => microposts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.micropostId, t.userId] }), index("micropost_votes_user_idx").on(t.userId)],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    micropostId: integer("micropost_id")
      .notNull()
      .references(() => microposts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    /** The top-level comment this one hangs under (itself for a top-level comment). */
    rootId: integer("root_id"),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    depth: integer("depth").notNull().default(0),
    totalReplies: counter("total_replies"),
    isDeleted: flag("is_deleted", false),
    /** Hidden by staff: also `is_deleted = 1` (a tombstone in the thread) but the body is kept. */
    removedAt: integer("removed_at"),
    /** When its author last changed the body; null while never. */
    editedAt: integer("edited_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("comments_public_id_unique").on(t.publicId),
    index("comments_post_idx").on(t.micropostId, t.depth, t.id),
    index("comments_parent_idx").on(t.parentId, t.id),
    index("comments_root_idx").on(t.rootId, t.id),
    index("comments_owner_idx").on(t.ownerId),
  ],
);

/** A post someone saved to read later: their Saved page, newest saved first. */
export const micropostBookmarks = sqliteTable(
  "micropost_bookmarks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    micropostId: integer("micropost_id")
      .notNull()
      .references(() => microposts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.micropostId] }),
    // Index entries end with the rowid, so (created_at, rowid) is the order of saving even within a millisecond.
    index("micropost_bookmarks_saved_idx").on(t.userId, t.createdAt),
    index("micropost_bookmarks_post_idx").on(t.micropostId),
  ],
);

/**
 * The versions an edit replaced, of a post (`micropost_id`) or of a comment (`comment_id`): the body
 * (and a post's title) as they were, and when that version was written (`edited_at`, null for the
 * first one). Staff may redact one: its text is wiped and `redacted_at` set.
 */
export const micropostVersions = sqliteTable(
  "micropost_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    micropostId: integer("micropost_id").references(() => microposts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    title: text("title"),
    body: text("body").notNull(),
    editedAt: integer("edited_at"),
    /** When the edit that replaced it happened. */
    replacedAt: integer("replaced_at").notNull(),
    redactedAt: integer("redacted_at"),
  },
  (t) => [
    index("micropost_versions_post_idx").on(t.micropostId, t.id),
    index("micropost_versions_comment_idx").on(t.commentId, t.id),
  ],
);

/** Every file a user uploaded (editor images, post media, avatars): the R2 key and its real type. */
export const uploads = sqliteTable(
  "uploads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("uploads_key_unique").on(t.key), index("uploads_owner_idx").on(t.ownerId)],
);

/**
 * Site-wide totals (migration 0020): `published_microposts`, `verified_microposts`, `communities`.
 * Triggers keep them, so no code path writes them.
 */
export const siteCounters = sqliteTable("site_counters", {
  key: text("key").primaryKey(),
  value: integer("value").notNull().default(0),
});
