import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { COMMUNITY_ROLES } from "#shared/enums.ts";
import { MOD_LOG_ACTIONS, MOD_TARGET_TYPES } from "#shared/schemas/community-moderation.ts";
import { counter, createdAt, flag } from "./columns";
import { users } from "./users";

export const communities = sqliteTable(
  "communities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    displayName: text("display_name"),
    description: text("description"),
    image: text("image"),
    /** The banner across the top of its page, uploaded by its creator; null shows the plain one. */
    cover: text("cover"),
    /** Its rules, a JSON list of `{title, description}` kept by its owner and moderators. */
    rules: text("rules").notNull().default("[]"),
    /** Its owner's own reaction palette (a JSON list of up to 12 emoji); null offers the default one. */
    reactionPalette: text("reaction_palette"),
    isVerified: flag("is_verified", false),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    totalMembers: counter("total_members"),
    totalMicroposts: counter("total_microposts"),
    createdAt: createdAt(),
  },
  (t) => [
    // Names are unique whatever their case: c/Agora and c/agora are one community.
    uniqueIndex("communities_name_unique").on(sql`lower(${t.name})`),
    index("communities_members_idx").on(t.totalMembers, t.id),
    index("communities_created_idx").on(t.createdAt),
  ],
);

export const communityMembers = sqliteTable(
  "community_members",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: COMMUNITY_ROLES }).notNull().default("MEMBER"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index("community_members_user_idx").on(t.userId, t.communityId),
    index("community_members_list_idx").on(t.communityId, t.createdAt, t.userId),
  ],
);

/** A community's flairs: labels its owner and moderators keep, one of which a post may carry. */
export const communityFlairs = sqliteTable(
  "community_flairs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** One of the named colours of shared/src/schemas/community-moderation.ts (readable in both themes). */
    colour: text("colour").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("community_flairs_community_idx").on(t.communityId, t.id)],
);

/** Who may not post, comment or react in a community, until when (null: until lifted). */
export const communityBans = sqliteTable(
  "community_bans",
  {
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    endsAt: integer("ends_at"),
    bannedById: integer("banned_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] })],
);

/**
 * The public record of what a community's owner, moderators and staff did there, newest first;
 * each row is written in the batch of its action. It never repeats the removed content's text.
 */
export const communityModLog = sqliteTable(
  "community_mod_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    communityId: integer("community_id")
      .notNull()
      .references(() => communities.id, { onDelete: "cascade" }),
    moderatorId: integer("moderator_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied, so the log still names who acted after the account is gone. */
    moderatorUsername: text("moderator_username").notNull(),
    action: text("action", { enum: MOD_LOG_ACTIONS }).notNull(),
    targetType: text("target_type", { enum: MOD_TARGET_TYPES }).notNull(),
    /** The post's or comment's public id, or the person's username. */
    target: text("target").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("community_mod_log_community_idx").on(t.communityId, t.id)],
);
