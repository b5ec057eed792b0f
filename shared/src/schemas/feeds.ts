import { publicIdSchema, queryBoolean } from "../api";
import { FEED_PAGE_SIZE, MAX_PAGE_SIZE } from "../constants";
import { z } from "../zod-jitless";
import { communityNameSchema } from "./communities";
import { feedOptionSchema } from "./posts";

// A person's own feeds of communities (with flairs to include or exclude) and people, and what they
// have read (docs/decisions/149, 150). The messages are the English i18n keys: the SPA shows them
// with t(message), the API sends them as they are.

/** Feeds one person keeps. */
export const FEEDS_MAX = 20;
/** Communities in one feed. */
export const FEED_COMMUNITIES_MAX = 100;
/** People in one feed. */
export const FEED_PEOPLE_MAX = 200;
/** Flairs one community of a feed includes, or excludes (a community keeps at most 20). */
export const FEED_FLAIRS_MAX = 20;
export const FEED_NAME_MAX = 50;
export const FEED_DESCRIPTION_MAX = 300;
/** Posts one "read" call marks. */
export const READ_BATCH_MAX = 100;
/** Posts one "mark all read" marks: the feed's newest unread ones. */
export const READ_ALL_MAX = 500;
/** How long a "mark all read" may be undone. */
export const READ_UNDO_MS = 24 * 60 * 60_000;

export const FEED_MSG = {
  nameRequired: "Give the feed a name",
  nameMax: `The name must be ${FEED_NAME_MAX} characters or less`,
  descriptionMax: `The description must be ${FEED_DESCRIPTION_MAX} characters or less`,
  tooManyFeeds: `You can keep up to ${FEEDS_MAX} feeds; delete one first`,
  tooManyCommunities: `A feed can have up to ${FEED_COMMUNITIES_MAX} communities`,
  tooManyPeople: `A feed can have up to ${FEED_PEOPLE_MAX} people`,
  tooManyFlairs: `Include or exclude up to ${FEED_FLAIRS_MAX} flairs per community`,
  includeAndExclude: "A flair cannot be both included and excluded",
  empty: "Add at least one community or person",
  notFound: "This feed does not exist or is private",
  unknownCommunity: "There is no community named",
  unknownPerson: "There is no one named",
  tooManyReads: `Send up to ${READ_BATCH_MAX} posts at a time`,
  undoExpired: "This can no longer be undone",
  oneFeed: "Name one feed: option, community_name or feed_id",
} as const;

const flairIds = z.array(z.number().int().positive()).max(1000).optional();

/** A community of a feed as sent: its name and the flair ids to include or exclude. */
export const feedCommunityInputSchema = z.object({
  name: communityNameSchema,
  include_flairs: flairIds,
  exclude_flairs: flairIds,
});

/**
 * A feed as sent. The lists' limits (FEED_COMMUNITIES_MAX, FEED_PEOPLE_MAX) are checked by the
 * service, which answers 400 naming them; the 1,000 here only bounds what is read at all.
 */
export const feedFieldsSchema = z.object({
  name: z
    .string({ error: FEED_MSG.nameRequired })
    .trim()
    .min(1, FEED_MSG.nameRequired)
    .max(FEED_NAME_MAX, FEED_MSG.nameMax),
  description: z.string().trim().max(FEED_DESCRIPTION_MAX, FEED_MSG.descriptionMax).default(""),
  is_public: z.boolean().default(false),
  communities: z.array(feedCommunityInputSchema).max(1000).default([]),
  people: z.array(z.string().trim().min(1).max(60)).max(1000).default([]),
});
export type FeedFields = z.infer<typeof feedFieldsSchema>;
export type FeedFieldsInput = z.input<typeof feedFieldsSchema>;

/** `PATCH`: the feed's id and what changes (a list sent replaces the old one). */
export const feedEditSchema = z.object({
  id: publicIdSchema,
  name: feedFieldsSchema.shape.name.optional(),
  description: z.string().trim().max(FEED_DESCRIPTION_MAX, FEED_MSG.descriptionMax).optional(),
  is_public: z.boolean().optional(),
  communities: z.array(feedCommunityInputSchema).max(1000).optional(),
  people: z.array(z.string().trim().min(1).max(60)).max(1000).optional(),
});
export type FeedEdit = z.infer<typeof feedEditSchema>;

export const feedIdQuery = z.object({ id: publicIdSchema });

export const customFeedSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_public: z.boolean(),
  /** The feed's owner. */
  owner: z.object({ username: z.string() }),
  communities: z.array(
    z.object({
      name: z.string(),
      image: z.string().nullable(),
      include_flairs: z.array(z.number().int()),
      exclude_flairs: z.array(z.number().int()),
    }),
  ),
  people: z.array(z.object({ username: z.string(), image: z.string().nullable() })),
  /** Where its posts are read: /feeds/{id}. */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomFeed = z.infer<typeof customFeedSchema>;

export const customFeedListSchema = z.object({ list: z.array(customFeedSchema) });
export type CustomFeedList = z.infer<typeof customFeedListSchema>;

/** A custom feed's sorts: as the home feed's, NEW or TOP. */
export const CUSTOM_FEED_SORTS = ["NEW", "TOP"] as const;
export type CustomFeedSort = (typeof CUSTOM_FEED_SORTS)[number];

export const customFeedPostsQuerySchema = z.object({
  id: publicIdSchema,
  sort: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(CUSTOM_FEED_SORTS, { error: "Use one of new, top" }))
    .default("NEW"),
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(FEED_PAGE_SIZE),
  hide_read: queryBoolean.optional(),
  /** Leave out nothing for the caller's muted words. */
  show_muted: queryBoolean.optional(),
});

/** `POST /api/v1/private/user/micropost/read`. Up to READ_BATCH_MAX; more is a 400 the service answers. */
export const readPostsSchema = z.object({ public_ids: z.array(publicIdSchema).min(1).max(1000) });

/** `POST …/micropost/read/all`: which feed, as its page is asked for. */
export const readAllSchema = z.object({
  option: feedOptionSchema.optional(),
  community_name: communityNameSchema.optional(),
  feed_id: publicIdSchema.optional(),
});
export type ReadAll = z.infer<typeof readAllSchema>;

export const readAllResultSchema = z.object({
  /** How many posts became read. */
  total_read: z.number().int(),
  /** Sent back with `DELETE …/micropost/read/all?token` to undo, within a day. */
  token: z.string(),
});
export type ReadAllResult = z.infer<typeof readAllResultSchema>;

export const readUndoQuery = z.object({ token: z.string().trim().min(1).max(64) });
