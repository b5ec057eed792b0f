import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, flag, updatedAt } from "./columns";
import { communities } from "./communities";
import { microposts } from "./posts";
import { users } from "./users";

// A person's own feeds of communities and people (docs/decisions/149) and what they have read
// (docs/decisions/150).

/** A feed someone made: its communities and people are in the two tables below. */
export const customFeeds = sqliteTable(
  "custom_feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Anyone with the link may read a public feed's posts; a private one only its owner. */
    isPublic: flag("is_public", false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("custom_feeds_public_id_unique").on(t.publicId),
    index("custom_feeds_owner_idx").on(t.ownerId, t.id),
  ],
);

/**
 * A community in a feed. `include_flairs` and `exclude_flairs` are JSON lists of flair ids: with
 * includes, only posts carrying one of them; with excludes, none of them (posts without a flair pass).
 */
export const customFeedCommunities = sqliteTable(
  "custom_feed_communities",
  {
    feedId: integer("feed_id")
      .notNull()
      .references(() => customFeeds.id, { onDelete: "cascade" }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    includeFlairs: text("include_flairs").notNull().default("[]"),
    excludeFlairs: text("exclude_flairs").notNull().default("[]"),
  },
  (t) => [
    primaryKey({ columns: [t.feedId, t.communityId] }),
    index("custom_feed_communities_community_idx").on(t.communityId),
  ],
);

/** A person in a feed: all their published posts, in any community. */
export const customFeedPeople = sqliteTable(
  "custom_feed_people",
  {
    feedId: integer("feed_id")
      .notNull()
      .references(() => customFeeds.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.userId] }), index("custom_feed_people_user_idx").on(t.userId)],
);

/** A post someone has read (it scrolled past, or they marked a feed read). */
export const postReads = sqliteTable(
  "post_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    micropostId: integer("micropost_id")
      .notNull()
      .references(() => microposts.id, { onDelete: "cascade" }),
    /** The "mark all read" that wrote it, so its undo removes exactly those; null for a post read by scrolling. */
    undoId: integer("undo_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.micropostId] }),
    index("post_reads_post_idx").on(t.micropostId),
    index("post_reads_undo_idx").on(t.undoId),
  ],
);

/** A "mark all read" that may still be undone with its token. */
export const readUndos = sqliteTable(
  "read_undos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    token: text("token").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("read_undos_token_unique").on(t.token),
    index("read_undos_user_idx").on(t.userId, t.id),
  ],
);
