import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { COMMUNITY_ROLES } from "#shared/enums.ts";
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
