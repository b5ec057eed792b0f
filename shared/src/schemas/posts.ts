import { anyCaseEnum, hiddenByMutesSchema, publicIdSchema, queryBoolean, skipSchema } from "../api";
import {
  COMMENT_BODY_MAX,
  FEED_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MEDIA_MAX_BYTES,
  POST_BODY_MAX,
  POST_TITLE_MAX,
} from "../constants";
import { FEED_OPTIONS, MEDIA_KINDS, POST_TYPES } from "../enums";
import { z } from "../zod-jitless";
import { communitySchema } from "./communities";
import { flairIdFieldSchema, flairSchema } from "./community-moderation";
import { type Reaction, reactionSchema } from "./reactions";
import { ownerSchema } from "./user";

// Posts, drafts, votes, comments and the feed. Messages are the English i18n
// keys: the SPA shows them with t(message), the API sends them in its 422 details.
export const POST_MSG = {
  titleRequired: "Title is required",
  titleMax: `Title must be ${POST_TITLE_MAX} characters or less`,
  bodyRequired: "Write something in the body",
  bodyMax: `Body must be ${POST_BODY_MAX} characters or less`,
  communityRequired: "Choose a community",
  fileRequired: "Add an image or a video",
  fileMax: "File size should not exceed 1MB",
  fileType: "Use an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM)",
  commentRequired: "Write a comment first",
  commentMax: `Comment must be ${COMMENT_BODY_MAX} characters or less`,
  linkRequired: "Enter a link",
  linkInvalid: "Invalid link",
} as const;

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The text a reader sees in a body: tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n =
        code[1] === "x" || code[1] === "X" ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Length as the counter shows it: the visible characters, not the markup around them. */
export function bodyLength(body: string): number {
  return htmlToText(body).trim().length;
}

/** A body with no text and no picture, like the editor's empty `<p></p>`. */
export function isBlankBody(body: string): boolean {
  return bodyLength(body) === 0 && !/<img\s/i.test(body);
}

/** Required, at most 300, and not only whitespace. */
export const postTitleSchema = z
  .string({ error: POST_MSG.titleRequired })
  .trim()
  .min(1, POST_MSG.titleRequired)
  .max(POST_TITLE_MAX, POST_MSG.titleMax);

/**
 * The markup around 10,000 visible characters may be long, but not without end: a body of empty
 * tags would otherwise pass the visible-length rule at any size.
 */
export const BODY_HTML_MAX = 10 * POST_BODY_MAX;

/** Trimmed, at most 10,000 visible characters. Whether it is required depends on the post type. */
export const postBodySchema = z
  .string()
  .trim()
  .refine((v) => v.length <= BODY_HTML_MAX && bodyLength(v) <= POST_BODY_MAX, POST_MSG.bodyMax);

export const commentBodySchema = z
  .string({ error: POST_MSG.commentRequired })
  .trim()
  .refine((v) => !isBlankBody(v), POST_MSG.commentRequired)
  .refine((v) => v.length <= BODY_HTML_MAX && bodyLength(v) <= COMMENT_BODY_MAX, POST_MSG.commentMax);

/** `?community_name=` and `community_name` fields: the name as it appears in /c/{name}. */
export const communityRefSchema = z
  .string({ error: POST_MSG.communityRequired })
  .trim()
  .min(1, POST_MSG.communityRequired)
  .max(100, POST_MSG.communityRequired);

/**
 * The fields of the create-post form that are not the file, as a draft needs them: drafts may be
 * saved before the body is written, so only the title and community are required.
 */
export const draftFieldsSchema = z.object({
  title: postTitleSchema,
  body: postBodySchema.default(""),
  community_name: communityRefSchema,
  /** One of the community's flairs (`GET /api/v1/community/flair/list`); empty for none. */
  flair_id: flairIdFieldSchema.optional(),
  post_type: z
    .string()
    .toUpperCase()
    .pipe(z.enum(POST_TYPES, { error: "Use TEXT or MEDIA" }))
    .default("TEXT"),
});

/** A post's fields: a draft's, and a TEXT post also needs a body. */
export const postFieldsSchema = draftFieldsSchema.superRefine((value, ctx) => {
  if (value.post_type === "TEXT" && isBlankBody(value.body))
    ctx.addIssue({ code: "custom", path: ["body"], message: POST_MSG.bodyRequired });
});
export type PostFields = z.infer<typeof postFieldsSchema>;

/** The browser's check of a chosen media file; the server checks its bytes again. */
export function mediaFileProblem(file: { size: number; type: string } | null): string | null {
  if (!file) return POST_MSG.fileRequired;
  if (file.size > MEDIA_MAX_BYTES) return POST_MSG.fileMax;
  if (!/^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm|quicktime))$/.test(file.type)) return POST_MSG.fileType;
  return null;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const DOTTED = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The editor's link dialog: http or https, with or without a scheme, whose host is
 * localhost, an IPv4 address, or dotted with an alphabetic top-level part. Answers the link to
 * insert (https:// added when no scheme was typed) or the message to show.
 */
export function checkEditorLink(input: string): { link: string } | { error: string } {
  const value = input.trim();
  if (!value) return { error: POST_MSG.linkRequired };
  // "localhost:8787" is a host and a port, not a scheme: a scheme's colon is not followed by a digit.
  const hasScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return { error: POST_MSG.linkInvalid };
  const link = hasScheme ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { error: POST_MSG.linkInvalid };
  }
  // `new URL` accepts odd hosts ("a..b", "1.2.3"); the host rule below is checked on what was typed.
  const typedHost = (link.replace(/^https?:\/\//i, "").split(/[/?#]/)[0] ?? "")
    .replace(/^[^@]*@/, "")
    .replace(/:\d{1,5}$/, "")
    .toLowerCase();
  const ipv4 = IPV4.exec(typedHost);
  const hostOk =
    typedHost === "localhost" ||
    ipv4?.slice(1).every((octet) => Number(octet) <= 255) ||
    (ipv4 === null && DOTTED.test(typedHost));
  if (!hostOk || /\s/.test(value) || url.username || url.password) return { error: POST_MSG.linkInvalid };
  return { link };
}

export const mediaFileSchema = z.object({
  file: z.string(),
  file_type: z.enum(MEDIA_KINDS),
  /** What the picture shows, for screen readers; null when its author gave none. */
  alt: z.string().nullable(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** A post (the API calls it a micropost), with the caller's vote and whether they own it. */
export const postSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  /** The post's own address: /c/{community}/p/{public_id}/{slug}. */
  link: z.string(),
  slug: z.string(),
  post_type: z.enum(POST_TYPES),
  user_file_list: z.array(mediaFileSchema),
  is_pinned: z.boolean(),
  /** Its community's moderators closed it to new comments. */
  is_locked: z.boolean(),
  /** The community's flair it carries. */
  flair: flairSchema.nullable(),
  /** Posts sit at depth 0 of their discussion; comments below them. */
  depth: z.number().int(),
  total_micropost_votes: z.number().int(),
  total_micropost_comments: z.number().int(),
  user_voted: z.boolean(),
  /** The caller saved it (their Saved page); false for a visitor. */
  user_bookmarked: z.boolean(),
  user_is_owner: z.boolean(),
  published_at: z.string().nullable(),
  /** When its author last edited it; null while never (the versions: /api/v1/micropost/history). */
  edited_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Its reactions as the viewer sees them (docs/decisions/140). */
  reactions: z.array(reactionSchema),
});
export type Post = z.infer<typeof postSchema>;

/** A comment. Deleted comments that still have replies stay as a placeholder with no body or owner. */
export interface Comment {
  public_id: string;
  micropost_public_id: string;
  parent_public_id: string | null;
  /** Sanitised HTML; empty when deleted. */
  body: string;
  owner: z.infer<typeof ownerSchema> | null;
  depth: number;
  total_replies: number;
  is_deleted: boolean;
  user_is_owner: boolean;
  /** The single-comment view of this comment. */
  link: string;
  /** When its author last edited it; null while never. */
  edited_at: string | null;
  created_at: string;
  updated_at: string;
  /** Replies shown under it (oldest first); fewer than total_replies where the view stops nesting. */
  replies: Comment[];
  /** Its reactions as the viewer sees them (docs/decisions/140). */
  reactions: Reaction[];
  /** The viewer's muted phrase this comment contains: shown folded, with a control to show it. */
  muted_by?: string;
}

export const commentSchema: z.ZodType<Comment> = z
  .object({
    public_id: z.string(),
    micropost_public_id: z.string(),
    parent_public_id: z.string().nullable(),
    body: z.string(),
    owner: ownerSchema.nullable(),
    depth: z.number().int(),
    total_replies: z.number().int(),
    is_deleted: z.boolean(),
    user_is_owner: z.boolean(),
    link: z.string(),
    edited_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    get replies() {
      return z.array(commentSchema);
    },
    reactions: z.array(reactionSchema),
    muted_by: z.string().optional(),
    // A named component, so the OpenAPI document refers to it instead of unrolling the recursion.
  })
  .meta({ id: "Comment" });

/** A feed item: the post with its owner, community and newest comments. */
export const feedItemSchema = z.object({
  owner: ownerSchema,
  community: communitySchema,
  micropost: postSchema,
  comment_list: z.array(commentSchema),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

/** A page that can also be continued from `next_cursor` without reading the skipped rows. */
export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total_list: z.number().int(),
    total_pages: z.number().int(),
    next_cursor: z.string().nullable(),
    hidden_by_mutes: hiddenByMutesSchema,
  });
}
export interface CursorPage<T> {
  list: T[];
  total_list: number;
  total_pages: number;
  next_cursor: string | null;
  /** Posts this page's reads left out for the caller's muted words; absent when none. */
  hidden_by_mutes?: number;
}

/** A draft: a post its owner saved without publishing it. */
export const draftSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  body: z.string(),
  post_type: z.enum(POST_TYPES),
  community: z.object({
    name: z.string(),
    image: z.string().nullable(),
    user_membership: communitySchema.shape.user_membership,
  }),
  file: mediaFileSchema.nullable(),
  /** Where the draft opens: /post?draft={public_id}. */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** What creating a post or a draft, or publishing one, answers. */
export const createdPostSchema = z.object({ public_id: z.string(), link: z.string() });
export type CreatedPost = z.infer<typeof createdPostSchema>;

export const voteResultSchema = z.object({
  user_voted: z.boolean(),
  total_micropost_votes: z.number().int(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

/** `option` of the feed: clients send it lowercase, the enumeration is uppercase; both are accepted. */
export const feedOptionSchema = anyCaseEnum(
  FEED_OPTIONS,
  "Use one of new, top, verified, communities, following",
);

export const feedQuerySchema = z.object({
  option: feedOptionSchema.default("NEW"),
  skip: skipSchema,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(FEED_PAGE_SIZE),
  cursor: z.string().max(100).optional(),
  /** Leave out the posts the signed-in caller read. */
  hide_read: queryBoolean.optional(),
  /** Leave out nothing for the caller's muted words (the "Show" of a list's hidden count). */
  show_muted: queryBoolean.optional(),
});

export const commentCreateSchema = z.object({
  parent_micropost_public_id: publicIdSchema,
  parent_micropost_comment_public_id: publicIdSchema.nullish(),
  body: commentBodySchema,
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentEditSchema = z.object({
  public_id: publicIdSchema,
  body: commentBodySchema,
});

export const postEditSchema = z.object({
  public_id: publicIdSchema,
  body: postBodySchema.refine((v) => !isBlankBody(v), POST_MSG.bodyRequired),
  /** A flair of the post's community, null for none; left out, the flair stays as it is. */
  flair_id: flairIdFieldSchema.optional(),
});

export const uploadResultSchema = z.object({ link: z.string() });
