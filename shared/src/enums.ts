// Every enumeration the API and the SPAs share, as const tuples usable by zod and TypeScript alike.
// The feed's and search's (./enums/feed.ts) and the job market's (./enums/market.ts) have files of
// their own, re-exported here: the main site's first screen imports those files directly, so the
// rest of this list stays out of its first load (docs/decisions/093).
export * from "./enums/feed.ts";
export * from "./enums/market.ts";

export const REPORT_CAUSES = [
  "SPAM",
  "HARASSMENT",
  "HATE",
  "FRAUD",
  "MISCONDUCT",
  "NSFW",
  "MISINFORMATION",
  "IMPERSONATION",
  "ILLEGAL_CONTENT",
  "OTHER",
] as const;
export type ReportCause = (typeof REPORT_CAUSES)[number];

export const FEEDBACK_TYPES = [
  "SUGGESTION",
  "GENERAL_FEEDBACK",
  "FEATURE_REQUEST",
  "ERROR",
  "OTHER",
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const USER_STATUSES = ["UNCONFIRMED", "ACTIVE", "INACTIVE", "SUSPENDED"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const MEMBERSHIP_TYPES = ["USER", "BUSINESS"] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const ROLES = ["USER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

export const PAYMENT_TYPES = [
  "VERIFIED_USER_SUBSCRIPTION",
  "SERVICE_PAYMENT",
  "SERVICE_SUBSCRIPTION",
  "FIAT_TRANSFER",
  "CRYPTO_TRANSFER",
  "REFERRAL_REWARD",
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_METHODS = ["STRIPE", "PAYPAL", "CRYPTO"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CHAT_THREAD_TYPES = ["PERSONAL", "GROUP", "CHANNEL", "SUPPORT"] as const;
export type ChatThreadType = (typeof CHAT_THREAD_TYPES)[number];

export const CHAT_MESSAGE_TYPES = [
  "PING",
  "PONG",
  "CONNECT",
  "RECONNECT",
  "TYPING",
  "STOPTYPING",
  "TEXT",
  "DELETE",
  "EDIT",
  "IMAGE",
  "EXCLUDE",
  "CLOSE",
  "ERROR",
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];
/** The sender value of lines written by the server itself ("{name} joined the chat."). */
export const CHAT_SERVER_SENDER = "server";

export const BLOG_CATEGORIES = [
  "ANNOUNCEMENT",
  "GUIDE",
  "COMMUNITY",
  "SECURITY",
  "INSIGHTS",
  "OTHER",
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const USER_BOOLEAN_SETTINGS = [
  "NEW_REFERRAL_NOTIFICATION",
  "NEW_FOLLOWER_NOTIFICATION",
  "NEW_MENTION_NOTIFICATION",
  "NEW_COMMENT_NOTIFICATION",
  "NEW_COMMUNITY_NOTIFICATION",
  "NEW_UPVOTE_NOTIFICATION",
  "ALLOW_NEW_CHAT",
  "NEWSLETTER",
  "USE_NIGHT_MODE",
  "SERVICE_PROVIDER",
  "SHOW_BLOCKED_LIST",
  "REQUIRE_ALT_TEXT",
  "SHOW_ONLINE",
  "SEARCH_ENGINE_INDEXING",
  "HIDE_READ",
] as const;
export type UserBooleanSetting = (typeof USER_BOOLEAN_SETTINGS)[number];

export const ADMIN_BOOLEAN_SETTINGS = ["USE_NIGHT_MODE"] as const;
export type AdminBooleanSetting = (typeof ADMIN_BOOLEAN_SETTINGS)[number];

export const EMAIL_ACTION_KINDS = ["RESET_EMAIL", "FORGOT_PASSWORD", "DELETE_ACCOUNT"] as const;
export type EmailActionKind = (typeof EMAIL_ACTION_KINDS)[number];

export const CRYPTO_SYMBOLS = ["BTC", "ETH", "SOL"] as const;
export type CryptoSymbol = (typeof CRYPTO_SYMBOLS)[number];

export const MEDIA_KINDS = ["IMAGE", "VIDEO"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const POST_TYPES = ["TEXT", "MEDIA"] as const;
export type PostType = (typeof POST_TYPES)[number];

export const FOLLOW_TABS = ["followers", "following"] as const;
export type FollowTab = (typeof FOLLOW_TABS)[number];

export const COMMUNITY_ROLES = ["OWNER", "MODERATOR", "MEMBER"] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

export const NOTIFICATION_KINDS = [
  "FOLLOWER",
  "MENTION",
  "COMMENT",
  "REPLY",
  "UPVOTE",
  "REFERRAL",
  "COMMUNITY",
  /** Someone paid for one of your services (payments). */
  "SERVICE_ORDER",
  /** A membership renewal failed; access stays until the period ends (payments). */
  "PAYMENT_FAILED",
  /** Staff removed your content or suspended you: the action, the cause, the note (an appeal). */
  "MODERATION",
  /** The person's data archive is ready to download (account export). */
  "EXPORT_READY",
  /** People reacted to your post, comment or chat message (one per item and hour). */
  "REACTION",
  /** A post you commented on was edited (one per post and hour). */
  "POST_EDITED",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const SETTINGS_TABS = [
  "account",
  "profile",
  "job",
  "referral",
  "privacy",
  "communication",
  "notifications",
  "muted",
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Coins that have a price history. */
export const PRICE_HISTORY_COINS = ["bitcoin", "ethereum", "solana", "bnb", "avax"] as const;
export type PriceHistoryCoin = (typeof PRICE_HISTORY_COINS)[number];

/** Where a muted phrase hides things. */
export const MUTE_CONTEXTS = ["FEED", "COMMENTS", "NOTIFICATIONS", "SEARCH", "CHAT_REQUESTS"] as const;
export type MuteContext = (typeof MUTE_CONTEXTS)[number];

/** A data archive's state: being built, ready to download, or failed. */
export const DATA_EXPORT_STATUSES = ["PENDING", "READY", "FAILED"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
