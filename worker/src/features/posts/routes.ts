import { createRoute, z } from "@hono/zod-openapi";
import {
  hiddenByMutesSchema,
  pageQuerySchema,
  pageSchema,
  publicIdQuery,
  publicIdSchema,
  queryBoolean,
} from "#shared/api.ts";
import { altTextSchema } from "#shared/schemas/alt-text.ts";
import { bookmarkResultSchema } from "#shared/schemas/bookmarks.ts";
import { memberListQuerySchema } from "#shared/schemas/communities.ts";
import {
  customFeedPostsQuerySchema,
  readAllResultSchema,
  readAllSchema,
  readPostsSchema,
  readUndoQuery,
} from "#shared/schemas/feeds.ts";
import { userPostListQuerySchema } from "#shared/schemas/people.ts";
import { postVersionSchema } from "#shared/schemas/post-versions.ts";
import {
  commentCreateSchema,
  commentEditSchema,
  commentSchema,
  createdPostSchema,
  cursorPageSchema,
  draftFieldsSchema,
  draftSchema,
  feedItemSchema,
  feedQuerySchema,
  POST_MSG,
  postEditSchema,
  postFieldsSchema,
  postSchema,
  uploadResultSchema,
  voteResultSchema,
} from "#shared/schemas/posts.ts";
import { postItemSchema } from "#shared/schemas/search.ts";
import { failValidation } from "#worker/lib/errors.ts";
import {
  createRouter,
  errorResponses,
  json,
  jsonOrForm,
  multipartBody,
  nullableRef,
  readBody,
  readMultipart,
  security,
} from "#worker/lib/router.ts";
import { createComment, deleteComment, editComment, listComments } from "./comments";
import { readCommunityPosts, readCustomFeed, readFeed, readPersonPosts } from "./feed";
import { commentHistory, postHistory } from "./history";
import { readAll, readPosts, undoReadAllPosts } from "./reads";
import {
  countDrafts,
  createPost,
  deletePost,
  editPost,
  getDraft,
  getPost,
  listBookmarks,
  listDrafts,
  type PostInput,
  publishDraft,
  toggleBookmark,
  toggleVote,
  updateDraft,
  uploadEditorPicture,
} from "./service";

const tags = ["Posts"];

const fileField = z
  .instanceof(File, { message: "Send a file" })
  .openapi({ type: "string", format: "binary" })
  .optional();

/** The create-post form as sent (multipart). Its rules depend on is_draft, so they run in the handler. */
const postForm = z.object({
  title: z.string({ error: POST_MSG.titleRequired }),
  body: z.string().optional(),
  community_name: z.string({ error: POST_MSG.communityRequired }),
  post_type: z.string().optional(),
  is_draft: queryBoolean.optional(),
  /** One of the community's flairs; empty for none. */
  flair_id: z.string().optional(),
  file: fileField,
  /** The media file's description, for screen readers. */
  alt: z.string().optional(),
});
const draftForm = postForm.omit({ is_draft: true }).extend({ public_id: publicIdSchema });

/** The rules of a post (or the lighter ones of a draft) as a 422 naming the field. */
function postInput(form: z.infer<typeof postForm>, draft: boolean): PostInput & { file: File | null } {
  const result = (draft ? draftFieldsSchema : postFieldsSchema).safeParse(form);
  if (!result.success) failValidation(result.error);
  const alt = z.object({ alt: altTextSchema.optional() }).safeParse({ alt: form.alt });
  if (!alt.success) failValidation(alt.error);
  return { ...result.data, alt: alt.data.alt, file: form.file ?? null };
}

const feed = createRoute({
  method: "get",
  path: "/api/v1/feed",
  tags,
  summary: "The home feed: new, top, verified; communities and following when signed in",
  description:
    "Pages of 4 by default. Send `cursor` (the previous page's `next_cursor`) to read the next page without reading the skipped posts.",
  request: { query: feedQuerySchema },
  responses: { 200: json(cursorPageSchema(feedItemSchema), "A page"), ...errorResponses(401, 422) },
});

const one = createRoute({
  method: "get",
  path: "/api/v1/micropost",
  tags,
  summary: "One published post with its owner, community and newest comment",
  request: { query: publicIdQuery },
  responses: { 200: json(feedItemSchema, "The post"), ...errorResponses(404, 422) },
});

const comments = createRoute({
  method: "get",
  path: "/api/v1/micropost/comment/list",
  tags,
  summary: "A page of a post's comments as a tree, or of one comment's replies",
  request: {
    query: z.object({
      post_public_id: publicIdSchema,
      comment_public_id: publicIdSchema.optional(),
      skip: pageQuerySchema.shape.skip,
      limit: pageQuerySchema.shape.limit,
      cursor: z.string().max(100).optional(),
    }),
  },
  responses: {
    200: json(cursorPageSchema(commentSchema).extend({ parent: nullableRef(commentSchema) }), "A page"),
    ...errorResponses(404, 422),
  },
});

const communityPosts = createRoute({
  method: "get",
  path: "/api/v1/community/micropost/list",
  tags: ["Communities"],
  summary: "A community's posts: pinned first, then newest",
  request: {
    query: memberListQuerySchema.extend({
      limit: z.coerce.number().int().min(1).max(100).default(10),
      /** Only the posts carrying this flair of the community. */
      flair_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      hide_read: queryBoolean.optional(),
      /** Leave out nothing for the caller's muted words. */
      show_muted: queryBoolean.optional(),
    }),
  },
  responses: { 200: json(cursorPageSchema(feedItemSchema), "A page"), ...errorResponses(404, 422) },
});

const customFeedPosts = createRoute({
  method: "get",
  path: "/api/v1/feed/micropost/list",
  tags: ["Feeds"],
  summary: "A custom feed's posts, NEW or TOP: a public feed for anyone, a private one for its owner",
  description:
    "Send `cursor` (the previous page's `next_cursor`) for the next page; `hide_read=true` leaves out what the caller read.",
  request: { query: customFeedPostsQuerySchema },
  responses: { 200: json(cursorPageSchema(feedItemSchema), "A page"), ...errorResponses(404, 422) },
});

const readJson = <T extends object>(schema: T) =>
  ({ required: true, content: { "application/json": { schema } } }) as const;

const markRead = createRoute({
  method: "post",
  path: "/api/v1/private/user/micropost/read",
  tags,
  security,
  summary: "Mark posts read (up to 100 at a time, as they scroll past)",
  request: { body: readJson(readPostsSchema) },
  responses: {
    200: json(z.object({ total_read: z.number().int() }), "How many were not read before"),
    ...errorResponses(400, 401, 422),
  },
});

const markAllRead = createRoute({
  method: "post",
  path: "/api/v1/private/user/micropost/read/all",
  tags,
  security,
  summary: "Mark a feed's newest 500 unread posts read; answers a token that undoes it",
  description: "Name one feed: `option` (the home feed's), `community_name` or `feed_id` (a custom feed).",
  request: { body: readJson(readAllSchema) },
  responses: { 200: json(readAllResultSchema, "Read"), ...errorResponses(401, 404, 422) },
});

const undoAllRead = createRoute({
  method: "delete",
  path: "/api/v1/private/user/micropost/read/all",
  tags,
  security,
  summary: "Undo a mark-all-read by its token (within a day)",
  request: { query: readUndoQuery },
  responses: { 204: { description: "Unread again" }, ...errorResponses(401, 404, 422) },
});

const personPosts = createRoute({
  method: "get",
  path: "/api/v1/user/micropost/list",
  tags: ["People"],
  summary: "A person's published posts, sorted NEW or TOP",
  request: { query: userPostListQuerySchema },
  responses: {
    200: json(pageSchema(postItemSchema).extend({ hidden_by_mutes: hiddenByMutesSchema }), "A page of posts"),
    ...errorResponses(403, 404, 422),
  },
});

const create = createRoute({
  method: "post",
  path: "/api/v1/private/user/micropost",
  tags,
  security,
  summary: "Create a post, or a draft with is_draft=true",
  // Multipart carries the media file; a text post may come as JSON or a plain form too.
  request: { body: jsonOrForm(postForm) },
  responses: {
    201: json(createdPostSchema, "Created; link is the post's address (or the draft's)"),
    ...errorResponses(401, 403, 404, 413, 415, 422, 429),
  },
});

const edit = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost",
  tags,
  security,
  summary: "Edit a text post's body (owner only; edits count toward an hourly allowance by trust level)",
  request: { body: jsonOrForm(postEditSchema) },
  responses: { 200: json(postSchema, "The post"), ...errorResponses(401, 403, 404, 415, 422, 429) },
});

const remove = createRoute({
  method: "delete",
  path: "/api/v1/private/user/micropost",
  tags,
  security,
  summary: "Delete a post or draft (owner only)",
  request: { query: publicIdQuery },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 422) },
});

const vote = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost/vote",
  tags,
  security,
  summary: "Toggle the caller's vote (60 a minute)",
  request: { query: publicIdQuery },
  responses: {
    200: json(voteResultSchema, "The vote after the toggle"),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

const bookmark = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost/bookmark",
  tags,
  security,
  summary: "Save or unsave a post for the caller (their Saved page)",
  request: { query: publicIdQuery },
  responses: {
    200: json(bookmarkResultSchema, "Whether the post is saved now"),
    ...errorResponses(401, 404, 422),
  },
});

const bookmarks = createRoute({
  method: "get",
  path: "/api/v1/private/user/micropost/bookmark/list",
  tags,
  security,
  summary: "The caller's saved posts, newest saved first",
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(feedItemSchema), "A page"), ...errorResponses(401, 422) },
});

const history = createRoute({
  method: "get",
  path: "/api/v1/micropost/history",
  tags,
  summary: "A post's versions, newest first: the current text, then each one an edit replaced",
  request: { query: pageQuerySchema.extend(publicIdQuery.shape) },
  responses: { 200: json(pageSchema(postVersionSchema), "A page"), ...errorResponses(403, 404, 422) },
});

const commentHistoryRoute = createRoute({
  method: "get",
  path: "/api/v1/micropost/comment/history",
  tags,
  summary: "A comment's versions, newest first: the current text, then each one an edit replaced",
  request: { query: pageQuerySchema.extend(publicIdQuery.shape) },
  responses: { 200: json(pageSchema(postVersionSchema), "A page"), ...errorResponses(403, 404, 422) },
});

const drafts = createRoute({
  method: "get",
  path: "/api/v1/private/user/micropost/draft/list",
  tags,
  security,
  summary: "The caller's drafts, newest first",
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(draftSchema), "A page"), ...errorResponses(401, 422) },
});

const draftTotal = createRoute({
  method: "get",
  path: "/api/v1/private/user/micropost/draft/list/total",
  tags,
  security,
  summary: "How many drafts the caller has (the Drafts badge)",
  responses: { 200: json(z.object({ total: z.number().int() }), "The count"), ...errorResponses(401) },
});

const draft = createRoute({
  method: "get",
  path: "/api/v1/private/user/micropost/draft",
  tags,
  security,
  summary: "One of the caller's drafts",
  request: { query: publicIdQuery },
  responses: { 200: json(draftSchema, "The draft"), ...errorResponses(401, 404, 422) },
});

const draftUpdate = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost/draft",
  tags,
  security,
  summary: "Save new content into a draft",
  request: { body: jsonOrForm(draftForm) },
  responses: { 200: json(draftSchema, "The draft"), ...errorResponses(401, 404, 413, 415, 422) },
});

const draftPublish = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost/draft/publish",
  tags,
  security,
  summary: "Publish a draft, with the form's fields when sent",
  request: { body: jsonOrForm(draftForm.partial().extend({ public_id: draftForm.shape.public_id })) },
  responses: {
    200: json(createdPostSchema, "Published"),
    ...errorResponses(401, 403, 404, 413, 415, 422, 429),
  },
});

const commentCreate = createRoute({
  method: "post",
  path: "/api/v1/private/user/micropost/comment",
  tags,
  security,
  summary: "Comment on a post, or reply to a comment below depth 5",
  request: { body: jsonOrForm(commentCreateSchema) },
  responses: {
    201: json(commentSchema, "The comment"),
    ...errorResponses(401, 403, 404, 409, 415, 422, 429),
  },
});

const commentEdit = createRoute({
  method: "patch",
  path: "/api/v1/private/user/micropost/comment",
  tags,
  security,
  summary: "Edit a comment (author only; edits count toward an hourly allowance by trust level)",
  request: { body: jsonOrForm(commentEditSchema) },
  responses: { 200: json(commentSchema, "The comment"), ...errorResponses(401, 403, 404, 415, 422, 429) },
});

const commentDelete = createRoute({
  method: "delete",
  path: "/api/v1/private/user/micropost/comment",
  tags,
  security,
  summary: "Delete a comment (author only); one with replies stays as a placeholder",
  request: { query: publicIdQuery },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 422) },
});

const upload = createRoute({
  method: "post",
  path: "/api/v1/private/user/file/upload",
  tags,
  security,
  summary: "Upload an image for the editor; answers its link",
  request: {
    body: multipartBody(
      z.object({
        file: z.instanceof(File, { message: "Send a file" }).openapi({ type: "string", format: "binary" }),
      }),
    ),
  },
  responses: { 200: json(uploadResultSchema, "Stored"), ...errorResponses(401, 413, 415, 422, 429) },
});

export const postsRoutes = createRouter()
  .openapi(customFeedPosts, async (c) => {
    return c.json(await readCustomFeed(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query")), 200);
  })
  .openapi(markRead, async (c) => {
    return c.json(await readPosts(c.var.deps, c.get("user"), c.req.valid("json").public_ids), 200);
  })
  .openapi(markAllRead, async (c) => {
    return c.json(await readAll(c.var.deps, c.get("user"), c.req.valid("json")), 200);
  })
  .openapi(undoAllRead, async (c) => {
    await undoReadAllPosts(c.var.deps, c.get("user"), c.req.valid("query").token);
    return c.body(null, 204);
  })
  .openapi(feed, async (c) => {
    return c.json(await readFeed(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query")), 200);
  })
  .openapi(one, async (c) => {
    const item = await getPost(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query").public_id);
    return c.json(item, 200);
  })
  .openapi(comments, async (c) => {
    const page = await listComments(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query"));
    return c.json(page, 200);
  })
  .openapi(communityPosts, async (c) => {
    const page = await readCommunityPosts(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query"));
    return c.json(page, 200);
  })
  .openapi(personPosts, async (c) => {
    const query = c.req.valid("query");
    const page = await readPersonPosts(c.var.deps, { ...query, viewerId: c.get("viewer")?.id ?? null });
    return c.json(page, 200);
  })
  .openapi(create, async (c) => {
    const form = readBody<z.infer<typeof postForm>>(c);
    const isDraft = form.is_draft ?? false;
    const input = postInput(form, isDraft);
    const created = await createPost(c.var.deps, c.get("user"), { ...input, isDraft });
    return c.json(created, 201);
  })
  .openapi(edit, async (c) => {
    const body = readBody<z.infer<typeof postEditSchema>>(c);
    return c.json(await editPost(c.var.deps, c.get("user"), body), 200);
  })
  .openapi(remove, async (c) => {
    await deletePost(c.var.deps, c.get("user"), c.req.valid("query").public_id);
    return c.body(null, 204);
  })
  .openapi(vote, async (c) => {
    return c.json(await toggleVote(c.var.deps, c.get("user"), c.req.valid("query").public_id), 200);
  })
  .openapi(bookmark, async (c) => {
    return c.json(await toggleBookmark(c.var.deps, c.get("user"), c.req.valid("query").public_id), 200);
  })
  .openapi(bookmarks, async (c) => {
    return c.json(await listBookmarks(c.var.deps, c.get("user").id, c.req.valid("query")), 200);
  })
  .openapi(history, async (c) => {
    return c.json(await postHistory(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query")), 200);
  })
  .openapi(commentHistoryRoute, async (c) => {
    return c.json(await commentHistory(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query")), 200);
  })
  .openapi(drafts, async (c) => {
    return c.json(await listDrafts(c.var.deps, c.get("user").id, c.req.valid("query")), 200);
  })
  .openapi(draftTotal, async (c) => {
    return c.json({ total: await countDrafts(c.var.deps, c.get("user").id) }, 200);
  })
  .openapi(draft, async (c) => {
    return c.json(await getDraft(c.var.deps, c.get("user").id, c.req.valid("query").public_id), 200);
  })
  .openapi(draftUpdate, async (c) => {
    const form = readBody<z.infer<typeof draftForm>>(c);
    const saved = await updateDraft(c.var.deps, c.get("user"), form.public_id, postInput(form, true));
    return c.json(saved, 200);
  })
  .openapi(draftPublish, async (c) => {
    const form = readBody<z.infer<typeof draftForm> & Partial<z.infer<typeof postForm>>>(c);
    // Only the public id: publish the draft as saved. Any field: publish what the form holds.
    const withFields =
      form.title !== undefined || form.body !== undefined || form.community_name !== undefined;
    const published = await publishDraft(
      c.var.deps,
      c.get("user"),
      form.public_id,
      withFields ? postInput(form, false) : null,
    );
    return c.json(published, 200);
  })
  .openapi(commentCreate, async (c) => {
    const body = readBody<z.infer<typeof commentCreateSchema>>(c);
    const comment = await createComment(c.var.deps, c.get("user"), body);
    return c.json(comment, 201);
  })
  .openapi(commentEdit, async (c) => {
    const body = readBody<z.infer<typeof commentEditSchema>>(c);
    return c.json(await editComment(c.var.deps, c.get("user"), body), 200);
  })
  .openapi(commentDelete, async (c) => {
    await deleteComment(c.var.deps, c.get("user"), c.req.valid("query").public_id);
    return c.body(null, 204);
  })
  .openapi(upload, async (c) => {
    const file = readMultipart<{ file: File }>(c).file;
    return c.json(await uploadEditorPicture(c.var.deps, c.get("user"), file), 200);
  });
