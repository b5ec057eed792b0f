// Every business limit as a named constant, shared by the API and both SPAs. "Value not shown"
// marks a limit the product brief names without a value: the value here is ours.

// Lists
/** Default list page size (value not shown). */
export const DEFAULT_PAGE_SIZE = 10;
/** The largest `limit` any list accepts. */
export const MAX_PAGE_SIZE = 100;
export const FIRST_OFFSET = 0;
/**
 * The deepest `skip` any list accepts (docs/decisions/094). An offset reads every row it skips, so
 * this bounds what one page can cost; lists with `next_cursor` continue from the cursor instead,
 * and offset-only lists end this deep in the SPAs.
 */
export const SKIP_MAX = 10_000;
export const FEED_PAGE_SIZE = 4;
/** A community's posts in pages of 8 (its page's first screen, which the open web embeds). */
export const COMMUNITY_PAGE_SIZE = 8;
export const SEARCH_PAGE_SIZE = 10;
export const MEMBER_PAGE_SIZE = 10;
export const CONNECTION_PAGE_SIZE = 10;
export const PAYMENT_HISTORY_PAGE_SIZE = 12;
/** Chat thread list and user list page size (value not shown). */
export const CHAT_PAGE_SIZE = 20;
export const COMPANY_LIST_FETCH_LIMIT = 1000;
/** Top Communities in the sidebar (value not shown). */
export const TOP_COMMUNITIES_LIMIT = 5;
/** Admin blog and file lists load more within this distance of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 400;

// Accounts
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 18;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const VERIFICATION_CODE_MIN = 6;
/** Our verification codes: 10 characters of a 32-letter alphabet, 50 bits. */
export const VERIFICATION_CODE_LENGTH = 10;
export const VERIFICATION_CODE_TTL_MS = 30 * 60 * 1000;
export const RESEND_COUNTDOWN_S = 60;
/** The code that confirms a new e-mail address: 6 digits, valid this long, this many tries. */
export const EMAIL_CHANGE_CODE_LENGTH = 6;
export const EMAIL_CHANGE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_CHANGE_MAX_TRIES = 5;
/** The one-use code that brings a Google sign-in back to the SPA. */
export const GOOGLE_EXCHANGE_TTL_S = 60;
export const TOKEN_COOKIE_DAYS = 7;
export const ADMIN_TOKEN_COOKIE_DAYS = 7;
export const TOKEN_TTL_S = TOKEN_COOKIE_DAYS * 24 * 60 * 60;
/** Admin login field bound (value not shown). */
export const ADMIN_FIELD_MAX = 128;
export const ADMIN_FIELD_MIN = 3;
export const PROFILE_NAME_MAX = 50;
/** A profile's headline, bio and links (plain text; the bio keeps its line breaks). */
export const HEADLINE_MAX = 100;
export const BIO_MAX = 300;
export const PROFILE_LINKS_MAX = 5;

// Posts and communities
export const POST_TITLE_MAX = 300;
export const POST_BODY_MAX = 10_000;
/** A picture's description (post media, chat images), in characters. */
export const MEDIA_ALT_MAX = 1_000;
/** The body counter shows above this share of the limit. */
export const POST_BODY_COUNTER_RATIO = 0.97;
export const COMMENT_BODY_MAX = 10_000;
/** Replies are allowed on comments whose depth is below this. */
export const COMMENT_REPLY_MAX_DEPTH = 5;
/** From this depth a comment with replies shows "More comments" instead of nesting. */
export const COMMENT_MORE_DEPTH = 3;
export const COMMUNITY_NAME_MAX = 25;
export const COMMUNITY_DISPLAY_NAME_MAX = 40;
export const COMMUNITY_DESCRIPTION_MAX = 250;
export const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 1 * MB;
export const MEDIA_MAX_BYTES = 1 * MB;
export const IMAGE_MAX_MB = 1;

// Reports and feedback
export const REPORT_TEXT_MIN = 40;
export const REPORT_TEXT_MAX = 160;
export const FEEDBACK_TEXT_MIN = 40;
export const FEEDBACK_TEXT_MAX = 1000;
/** Feedback text in the admin table is cut to this many characters. */
export const ADMIN_FEEDBACK_PREVIEW = 21;

// Jobs
export const COMPANY_NAME_MAX = 80;
export const COMPANY_DESCRIPTION_MAX = 160;
/** Company location limit (value not shown). */
export const COMPANY_LOCATION_MAX = 100;
export const COMPANY_LOGO_MAX_MB = 1;
export const MAX_SKILLS = 5;
/** Skill input length (value not shown). */
export const SKILL_MAX = 30;
/** Job title in the job form (value not shown; ours). */
export const JOB_POST_TITLE_MAX = 100;
/** Job description in the job form, plain text (value not shown; ours). */
export const JOB_POST_DESCRIPTION_MAX = 5000;
/** job_location, a place in free text (ours). */
export const JOB_LOCATION_MAX = 100;
/** A web address or e-mail in the job form: company_website, job_how_to_apply (ours). */
export const JOB_LINK_MAX = 2048;
/** Salaries are whole US dollars per year; this bound only catches typos (ours). */
export const JOB_SALARY_MAX_USD = 10_000_000;
/** A job is public this many days after it is posted; then the daily cron closes it. */
export const JOB_LIFETIME_DAYS = 60;
/** Longest search text of the job and service lists (ours). */
export const MARKET_SEARCH_MAX = 200;
/**
 * Searched or multi-filtered job and service lists count their total no further than this
 * ("more than 1,000"); lists with one filter or none read a counter instead (ours).
 */
export const MARKET_COUNT_CAP = 1000;
/** Résumé upload: a PDF of at most this many MB. */
export const RESUME_MAX_MB = 5;

// Services (the marketplace)
/** Service title and description (values not shown; ours). */
export const SERVICE_TITLE_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 5000;
/** Prices are integer cents: at least $5; the upper bound only catches typos (ours). */
export const SERVICE_PRICE_MIN_CENTS = 500;
export const SERVICE_PRICE_MAX_CENTS = 10_000_000;
export const SERVICE_DELIVERY_DAYS_MIN = 1;
export const SERVICE_DELIVERY_DAYS_MAX = 90;
export const SERVICE_IMAGES_MAX = 3;
/** Each service image, like every other picture (value not shown). */
export const SERVICE_IMAGE_MAX_MB = 1;

// Chat
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_TEXTAREA_MAX_HEIGHT = 60;
export const CHAT_IMAGE_MAX_MB = 1;
/** Username search input length (value not shown). */
export const CHAT_USERNAME_SEARCH_MAX = USERNAME_MAX;
export const TYPING_CLEAR_MS = 10_000;
export const EMOJI_TYPING_STOP_MS = 1_000;
export const CHAT_PING_INTERVAL_MS = 30_000;
export const CHAT_RECONNECT_INTERVAL_MS = 1_000;
/** Reconnect attempts before "Unable to reconnect" (value not shown). */
export const CHAT_RECONNECT_ATTEMPTS = 10;
/** The socket token lives this long. */
export const CHAT_SOCKET_TOKEN_TTL_S = 60;
/** A group chat: its maker and 2 to 49 others (docs/decisions/143). */
export const GROUP_OTHERS_MIN = 2;
export const GROUP_OTHERS_MAX = 49;
export const GROUP_MEMBERS_MAX = GROUP_OTHERS_MAX + 1;
export const GROUP_NAME_MAX = 64;
/** How much of the answered message a reply carries. */
export const REPLY_EXCERPT_MAX = 120;
export const UNREAD_BADGE_CAP = 5;
export const WEBPAGE_PREVIEW_DESCRIPTION_MAX = 160;

// Money
export const FIAT_TRANSFER_MIN_USD = 2;
export const CENTS_PER_DOLLAR = 100;
export const RECIPIENT_VALIDATION_DEBOUNCE_MS = 2_000;
export const RECIPIENT_VALIDATION_MIN_CHARS = 3;
export const PLAN_PRICE_USER_USD = 10;
export const PLAN_PRICE_BUSINESS_USD = 100;
export const FEE_DECIMALS = 6;
export const FIAT_DECIMALS = 2;
export const PERCENT_CHANGE_FACTOR = 100;

// Interface
export const SNACKBAR_MS = 6_000;
export const CRYPTO_WAIT_NOTICE_MS = 15_000;
export const TX_RESULT_NOTICE_MS = 10_000;
export const FORGOT_PASSWORD_RETURN_MS = 4_000;
export const CAROUSEL_SCROLL_PX = 216;
export const WIDE_LAYOUT_PX = 1280;
export const MOBILE_BREAKPOINTS_PX = [480, 768] as const;
/** "New users" filter: 0 is Today; This Week uses this many days. */
export const NEW_USERS_TODAY_DAYS = 0;
export const NEW_USERS_WEEK_DAYS = 7;
