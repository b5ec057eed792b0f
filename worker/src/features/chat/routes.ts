import { createRoute, z } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import { CHAT_PAGE_SIZE, MAX_PAGE_SIZE } from "#shared/constants.ts";
import { altTextSchema } from "#shared/schemas/alt-text.ts";
import {
  chatClientIdSchema,
  chatMessageSchema,
  chatSearchUserSchema,
  chatThreadSchema,
  chatUsernameSearchSchema,
  chatUserSchema,
  createChatThreadSchema,
  createGroupSchema,
  groupMemberItemSchema,
  groupMemberRoleSchema,
  groupMemberSchema,
  groupRoleResultSchema,
  leaveGroupSchema,
  personalThreadSchema,
  renameGroupSchema,
  webpagePreviewQuerySchema,
  webpagePreviewSchema,
} from "#shared/schemas/chat.ts";
import {
  createRouter,
  errorResponses,
  json,
  jsonOrForm,
  multipartBody,
  readBody,
  readMultipart,
  security,
} from "#worker/lib/router.ts";
import {
  addGroupMember,
  createGroup,
  deleteThreadFor,
  leaveGroup,
  listGroupMembers,
  parseEither,
  removeGroupMember,
  renameGroup,
  setGroupRole,
} from "./group";
import { previewForComposer } from "./preview-cache";
import {
  createPersonalThread,
  findPersonalThread,
  listPersonalChatUsers,
  listThreads,
  listThreadUsers,
  messagePage,
  searchChatUsers,
  sendChatImage,
  threadForUser,
} from "./service";
import { chatSocketToken, connectChatThread } from "./sockets";

const PRIVATE = "/api/v1/private/user/chat";
const tags = ["Chat"];

const chatPageQuery = pageQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CHAT_PAGE_SIZE),
});
const threadIdSchema = z.string().trim().min(1, "Required").max(64, "Must be 64 characters or less");
const threadQuery = z.object({ public_id: threadIdSchema });

const createThread = createRoute({
  method: "post",
  path: `${PRIVATE}/thread`,
  tags,
  security,
  summary: "Start a personal chat with a user (or get the one that exists)",
  request: { body: jsonOrForm(createChatThreadSchema) },
  responses: {
    200: json(z.object({ public_id: z.string() }), "The pair's thread already existed"),
    201: json(z.object({ public_id: z.string() }), "A new thread"),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

const personalThread = createRoute({
  method: "get",
  path: `${PRIVATE}/thread/personal`,
  tags,
  security,
  summary: "The personal thread with a user, or null before one is started; creates nothing",
  description:
    "Refuses as POST .../chat/thread would (unknown user, oneself, a block, new chats off), so a " +
    "new conversation can show the refusal before anything is written.",
  request: { query: createChatThreadSchema },
  responses: {
    200: json(personalThreadSchema, "The pair's thread (null when none) and the user"),
    ...errorResponses(401, 403, 404, 422),
  },
});

const threadList = createRoute({
  method: "get",
  path: `${PRIVATE}/thread/list`,
  tags,
  security,
  summary: "The caller's threads, newest activity first",
  request: { query: chatPageQuery },
  responses: { 200: json(pageSchema(chatThreadSchema), "A page of threads"), ...errorResponses(401, 422) },
});

const threadOne = createRoute({
  method: "get",
  path: `${PRIVATE}/thread`,
  tags,
  security,
  summary: "One thread of the caller",
  request: { query: threadQuery },
  responses: { 200: json(chatThreadSchema, "The thread"), ...errorResponses(401, 404, 422) },
});

const threadDelete = createRoute({
  method: "delete",
  path: `${PRIVATE}/thread`,
  tags,
  security,
  summary: "Delete a thread for everyone (its sockets get EXCLUDE and close)",
  description:
    "A group is deleted for everyone by its maker only (403 for another member, who leaves " +
    "instead); a group the caller has left is only taken off their own list.",
  request: { query: threadQuery },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 422) },
});

const threadUsers = createRoute({
  method: "get",
  path: `${PRIVATE}/thread/user/list`,
  tags,
  security,
  summary: "The participants of a thread",
  request: { query: chatPageQuery.extend({ public_id: threadIdSchema }) },
  responses: {
    200: json(pageSchema(chatUserSchema), "A page of participants"),
    ...errorResponses(401, 404, 422),
  },
});

const messageList = createRoute({
  method: "get",
  path: `${PRIVATE}/thread/message/list`,
  tags,
  security,
  summary: "A thread's messages, newest first",
  request: { query: chatPageQuery.extend({ public_id: threadIdSchema }) },
  responses: {
    200: json(pageSchema(chatMessageSchema), "A page of messages"),
    ...errorResponses(401, 404, 422),
  },
});

const userSearch = createRoute({
  method: "get",
  path: `${PRIVATE}/user/list`,
  tags,
  security,
  summary: "Users whose name starts with the search (lowercased, spaces removed)",
  request: { query: chatPageQuery.extend({ username: chatUsernameSearchSchema.default("") }) },
  responses: { 200: json(pageSchema(chatSearchUserSchema), "A page of users"), ...errorResponses(401, 422) },
});

const personalUsers = createRoute({
  method: "get",
  path: `${PRIVATE}/user/list/personal`,
  tags,
  security,
  summary: "People the caller has a personal thread with, most recent first",
  request: { query: chatPageQuery },
  responses: { 200: json(pageSchema(chatUserSchema), "A page of users"), ...errorResponses(401, 422) },
});

const socketAuth = createRoute({
  method: "post",
  path: `${PRIVATE}/websocket/auth`,
  tags,
  security,
  summary: "A socket token: 60 seconds, one connection, bound to the caller and this thread",
  request: { query: threadQuery },
  responses: {
    200: json(z.object({ access_token: z.string() }), "The token for /api/v1/chat/websocket/connect"),
    ...errorResponses(401, 403, 404, 422),
  },
});

const connect = createRoute({
  method: "get",
  path: "/api/v1/chat/websocket/connect",
  tags,
  summary: "Open the thread's socket (Upgrade: websocket)",
  description: [
    "Every frame is one JSON object with `message_type`. Client frames: PING → PONG; TYPING and",
    "STOPTYPING are relayed to the other participants; TEXT {text, webpage_preview?, client_id?}",
    "is stored and broadcast (a repeated client_id from the same sender is answered with the",
    "stored message and not stored again; `id`, `clientId`, `client_message_id` and `nonce` are read as",
    "client_id too); DELETE {id} (author only); CLOSE deletes the thread",
    "(EXCLUDE to everyone, sockets closed). A refused frame gets ERROR {text} on that socket only.",
    "Add reconnect=1 when resuming after a drop: the others get RECONNECT instead of CONNECT.",
    "A token opens one socket: a second use is refused with 401, so every (re)connect asks for a",
    "fresh one. When the account's sessions end (password change, suspension, deletion) its",
    "sockets are closed with code 4401.",
  ].join(" "),
  request: {
    query: z.object({
      public_id: threadIdSchema,
      token: z.string().min(1, "Required").max(2048),
      reconnect: z.enum(["0", "1"]).optional(),
    }),
  },
  responses: {
    101: { description: "Switching protocols: the socket is open" },
    ...errorResponses(401, 403, 404, 422, 426),
  },
});

const imageFile = z
  .custom<File>((value) => value instanceof File, "Required")
  .openapi({ type: "string", format: "binary" });

const imageBody = z.object({
  public_id: threadIdSchema,
  file: imageFile,
  client_id: chatClientIdSchema.optional(),
  /** What the picture shows, for screen readers. */
  alt: altTextSchema.optional(),
  /** The id of the message of this thread the picture answers. */
  reply_to: z.coerce.number().int().positive().optional(),
});

const image = createRoute({
  method: "post",
  path: `${PRIVATE}/image`,
  tags,
  security,
  summary: "Send a picture to a thread (PNG, JPEG, GIF or WebP, at most 1 MB)",
  request: {
    body: multipartBody(imageBody),
  },
  responses: {
    201: json(chatMessageSchema, "The IMAGE message, also broadcast to the thread"),
    ...errorResponses(401, 403, 404, 413, 415, 422, 429),
  },
});

const groupTags = ["Chat groups"];

const groupCreate = createRoute({
  method: "post",
  path: `${PRIVATE}/group`,
  tags: groupTags,
  security,
  summary: "Start a group chat with 2 to 49 others (each accepting new chats, none blocked either way)",
  request: { body: jsonOrForm(createGroupSchema) },
  responses: {
    201: json(chatThreadSchema, "The group's thread (kind GROUP)"),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

const groupRename = createRoute({
  method: "patch",
  path: `${PRIVATE}/group`,
  tags: groupTags,
  security,
  summary: "Rename a group (its maker and admins); everyone gets RENAMED",
  request: { body: jsonOrForm(renameGroupSchema) },
  responses: {
    200: json(chatThreadSchema, "The group"),
    ...errorResponses(400, 401, 403, 404, 415, 422),
  },
});

const groupMembersList = createRoute({
  method: "get",
  path: `${PRIVATE}/group/member/list`,
  tags: groupTags,
  security,
  summary: "A group's members: the maker and admins first",
  request: { query: chatPageQuery.extend({ public_id: threadIdSchema }) },
  responses: {
    200: json(pageSchema(groupMemberItemSchema), "A page of members"),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const groupMemberAdd = createRoute({
  method: "post",
  path: `${PRIVATE}/group/member`,
  tags: groupTags,
  security,
  summary: "Add a person to a group (its maker and admins); everyone gets MEMBER_JOINED",
  request: { body: jsonOrForm(groupMemberSchema) },
  responses: {
    201: json(chatMessageSchema, "The MEMBER_JOINED line"),
    ...errorResponses(400, 401, 403, 404, 409, 415, 422),
  },
});

const groupMemberRemove = createRoute({
  method: "delete",
  path: `${PRIVATE}/group/member`,
  tags: groupTags,
  security,
  summary: "Remove a member (the maker and admins): their sockets close, they read nothing sent after",
  description: "public_id and username as a JSON body or in the query.",
  request: { query: groupMemberSchema.partial(), body: jsonOrForm(groupMemberSchema) },
  responses: {
    200: json(chatMessageSchema, "The MEMBER_LEFT line"),
    ...errorResponses(400, 401, 403, 404, 415, 422),
  },
});

const groupMemberRole = createRoute({
  method: "patch",
  path: `${PRIVATE}/group/member`,
  tags: groupTags,
  security,
  summary:
    "Make a member an admin (role ADMIN) or take it back (role MEMBER); the maker and admins. Everyone gets ADMIN_ADDED or ADMIN_REMOVED",
  description:
    "The maker stays an admin (403), and the group's last admin stays one (409). Asking for the role a member has already changes nothing (`message` null).",
  request: { body: jsonOrForm(groupMemberRoleSchema) },
  responses: {
    200: json(groupRoleResultSchema, "The member's role now, and the system line"),
    ...errorResponses(400, 401, 403, 404, 409, 415, 422),
  },
});

const groupLeave = createRoute({
  method: "delete",
  path: `${PRIVATE}/group/member/self`,
  tags: groupTags,
  security,
  summary: "Leave a group: it stays in your list, readable up to now",
  description: "public_id as a JSON body or in the query.",
  request: { query: leaveGroupSchema.partial(), body: jsonOrForm(leaveGroupSchema) },
  responses: {
    200: json(chatMessageSchema, "The MEMBER_LEFT line"),
    ...errorResponses(400, 401, 403, 404, 415, 422),
  },
});

/** A body when the request has one (JSON or form), merged over the query. */
const queryAndBody = (c: Parameters<typeof readBody>[0]) => ({
  ...c.req.query(),
  ...(c.req.header("content-type") ? readBody<Record<string, unknown>>(c) : {}),
});

const preview = createRoute({
  method: "get",
  path: "/api/webpage-preview",
  tags,
  security,
  summary: "Title, site name, description (cut at 160) and image of a public web page",
  description:
    "The image is a copy kept by this site (/media/previews/…). A chat TEXT sent with this link " +
    "carries this preview: the server's, not what the client sends.",
  request: { query: webpagePreviewQuerySchema },
  responses: {
    200: json(webpagePreviewSchema, "The page's preview"),
    ...errorResponses(400, 401, 422, 429),
  },
});

export const chatRoutes = createRouter()
  .openapi(createThread, async (c) => {
    const { username } = readBody<z.infer<typeof createChatThreadSchema>>(c);
    // An empty thread shows neither one when the other is online: that waits for messages both
    // ways (the thread's object tells both inboxes then, chat-thread.ts `writeD1`).
    const result = await createPersonalThread(c.var.deps, c.get("user"), username);
    return c.json({ public_id: result.public_id }, result.created ? 201 : 200);
  })
  .openapi(personalThread, async (c) => {
    const { username } = c.req.valid("query");
    return c.json(await findPersonalThread(c.var.deps, c.get("user"), username), 200);
  })
  .openapi(threadList, async (c) => {
    const { skip, limit } = c.req.valid("query");
    return c.json(await listThreads(c.var.deps, c.get("user").id, skip, limit), 200);
  })
  .openapi(threadOne, async (c) => {
    const { thread } = await threadForUser(c.var.deps, c.get("user").id, c.req.valid("query").public_id);
    return c.json(thread, 200);
  })
  .openapi(threadDelete, async (c) => {
    await deleteThreadFor(c.var.deps, c.get("user").id, c.req.valid("query").public_id);
    return c.body(null, 204);
  })
  .openapi(threadUsers, async (c) => {
    const { public_id, skip, limit } = c.req.valid("query");
    return c.json(await listThreadUsers(c.var.deps, c.get("user").id, public_id, skip, limit), 200);
  })
  .openapi(messageList, async (c) => {
    const { public_id, skip, limit } = c.req.valid("query");
    return c.json(await messagePage(c.var.deps, c.get("user").id, public_id, { skip, limit }), 200);
  })
  .openapi(userSearch, async (c) => {
    const { username, skip, limit } = c.req.valid("query");
    return c.json(await searchChatUsers(c.var.deps, c.get("user").id, username, skip, limit), 200);
  })
  .openapi(personalUsers, async (c) => {
    const { skip, limit } = c.req.valid("query");
    return c.json(await listPersonalChatUsers(c.var.deps, c.get("user").id, skip, limit), 200);
  })
  .openapi(socketAuth, async (c) => {
    const token = await chatSocketToken(c.var.deps, c.get("user").id, c.req.valid("query").public_id);
    return c.json(token, 200);
  })
  .openapi(connect, async (c) => {
    const request = { url: c.req.url, upgrade: c.req.header("upgrade") };
    return (await connectChatThread(c.var.deps, request, c.req.valid("query"))) as never;
  })
  .openapi(image, async (c) => {
    const body = readMultipart<z.infer<typeof imageBody>>(c);
    return c.json(await sendChatImage(c.var.deps, c.get("user"), body), 201);
  })
  .openapi(groupCreate, async (c) => {
    const body = readBody<z.infer<typeof createGroupSchema>>(c);
    return c.json(await createGroup(c.var.deps, c.get("user"), body), 201);
  })
  .openapi(groupRename, async (c) => {
    const { public_id, name } = readBody<z.infer<typeof renameGroupSchema>>(c);
    return c.json(await renameGroup(c.var.deps, c.get("user"), public_id, name), 200);
  })
  .openapi(groupMembersList, async (c) => {
    const { public_id, skip, limit } = c.req.valid("query");
    return c.json(await listGroupMembers(c.var.deps, c.get("user").id, public_id, skip, limit), 200);
  })
  .openapi(groupMemberAdd, async (c) => {
    const { public_id, username } = readBody<z.infer<typeof groupMemberSchema>>(c);
    return c.json(await addGroupMember(c.var.deps, c.get("user"), public_id, username), 201);
  })
  .openapi(groupMemberRemove, async (c) => {
    const { public_id, username } = parseEither(groupMemberSchema, queryAndBody(c));
    return c.json(await removeGroupMember(c.var.deps, c.get("user"), public_id, username), 200);
  })
  .openapi(groupMemberRole, async (c) => {
    const { public_id, username, role } = readBody<z.infer<typeof groupMemberRoleSchema>>(c);
    return c.json(await setGroupRole(c.var.deps, c.get("user"), public_id, username, role), 200);
  })
  .openapi(groupLeave, async (c) => {
    const { public_id } = parseEither(leaveGroupSchema, queryAndBody(c));
    return c.json(await leaveGroup(c.var.deps, c.get("user"), public_id), 200);
  })
  .openapi(preview, async (c) => {
    return c.json(await previewForComposer(c.var.deps, c.get("user").id, c.req.valid("query").link), 200);
  });
