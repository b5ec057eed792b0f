// The feed's and search's enumerations, re-exported by ../enums.ts.

export const FEED_OPTIONS = ["NEW", "TOP", "COMMUNITIES", "VERIFIED", "FOLLOWING"] as const;
export type FeedOption = (typeof FEED_OPTIONS)[number];
/** Feed options that need a signed-in user. */
export const SIGNED_IN_FEED_OPTIONS: readonly FeedOption[] = ["COMMUNITIES", "FOLLOWING"];

export const SEARCH_SCOPES = ["ALL", "POSTS", "COMMENTS"] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** Main-site search types; an unknown type falls back to the first. */
export const SEARCH_TYPES = ["posts", "communities", "comments", "users"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** Admin search types; an unknown type falls back to the first. */
export const ADMIN_SEARCH_TYPES = ["users", "admins"] as const;
export type AdminSearchType = (typeof ADMIN_SEARCH_TYPES)[number];
