import type { UserBooleanSetting } from "#shared/enums.ts";
import type { Me, UnreadData, User } from "#shared/schemas/user.ts";
import type { users } from "#worker/db/schema/index.ts";
import { toOwner } from "#worker/lib/owners.ts";

// A users row as the API's User (a profile, with the caller's relation) and Me; the unread counts;
// a sign-in's token answer. The public part every feature shows, the Owner (post owners, members,
// followers), is `toOwner` in lib/owners.ts; these build on it.

type UserRow = typeof users.$inferSelect;

/** Which users column holds each flag of `PATCH .../setting/boolean` (USER_BOOLEAN_SETTINGS). */
export const USER_SETTING_COLUMN = {
  NEW_REFERRAL_NOTIFICATION: "notifyReferral",
  NEW_FOLLOWER_NOTIFICATION: "notifyFollower",
  NEW_MENTION_NOTIFICATION: "notifyMention",
  NEW_COMMENT_NOTIFICATION: "notifyComment",
  NEW_COMMUNITY_NOTIFICATION: "notifyCommunity",
  NEW_UPVOTE_NOTIFICATION: "notifyUpvote",
  ALLOW_NEW_CHAT: "allowNewChat",
  NEWSLETTER: "newsletter",
  USE_NIGHT_MODE: "useNightMode",
  SERVICE_PROVIDER: "serviceProvider",
  SHOW_BLOCKED_LIST: "showBlockedList",
  REQUIRE_ALT_TEXT: "requireAltText",
  SHOW_ONLINE: "showOnline",
  SEARCH_ENGINE_INDEXING: "searchEngineIndexing",
  HIDE_READ: "hideRead",
} as const satisfies Record<UserBooleanSetting, keyof UserRow>;

/** How the caller stands to the person shown. All false for a visitor. */
export interface Relation {
  /** The caller follows them. */
  isFollowing: boolean;
  /** The caller has blocked them. */
  isBlocked: boolean;
  /** They have blocked the caller. */
  isBlocking: boolean;
  /** They are the caller. */
  isOwner: boolean;
}

export const NO_RELATION: Relation = {
  isFollowing: false,
  isBlocked: false,
  isBlocking: false,
  isOwner: false,
};

/** The full User with the caller's relation to them. The e-mail goes only to its owner. */
export function toUser(row: UserRow, relation: Relation = NO_RELATION): User {
  return {
    ...toOwner(row),
    email: relation.isOwner ? row.email : null,
    profile_cover: row.profileCover,
    headline: row.headline,
    bio: row.bio,
    links: readLinks(row.links),
    is_following: relation.isFollowing,
    is_blocked: relation.isBlocked,
    is_blocking: relation.isBlocking,
    user_is_owner: relation.isOwner,
    allow_new_chat: row.allowNewChat,
    total_followers: row.totalFollowers,
    total_following: row.totalFollowing,
    use_night_mode: row.useNightMode,
    default_micropost_sort: row.defaultMicropostSort,
    role: "USER",
  };
}

/** The stored links column (a JSON list written by the profile edit) as a list of addresses. */
function readLinks(stored: string): string[] {
  try {
    const list: unknown = JSON.parse(stored);
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** Every boolean setting by its USER_BOOLEAN_SETTINGS name. */
function toSettings(row: UserRow): Record<UserBooleanSetting, boolean> {
  return Object.fromEntries(
    Object.entries(USER_SETTING_COLUMN).map(([name, column]) => [name, row[column]]),
  ) as Record<UserBooleanSetting, boolean>;
}

/** `me`: the caller's own User, every setting, and who referred them. */
export function toMe(row: UserRow, referrerUsername: string | null): Me {
  return {
    ...toUser(row, { ...NO_RELATION, isOwner: true }),
    settings: toSettings(row),
    referrer_username: referrerUsername,
    is_service_provider: row.serviceProvider,
  };
}

/** Unread notifications and chat threads with unread messages, and both together. */
export function toUnreadData(notifications: number, chatThreads: number): UnreadData {
  return {
    unread_notifications: notifications,
    unread_chat_threads: chatThreads,
    total_unread: notifications + chatThreads,
  };
}

/** The answer of every sign-in, a person's or staff's. */
export function toTokenAnswer(token: string) {
  return { access_token: token, token_type: "bearer" as const };
}
