import { createRoute, z } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  banSchema,
  flairCreateSchema,
  flairDeleteSchema,
  flairEditSchema,
  flairSchema,
  type ModBan,
  type ModContent,
  modBanSchema,
  modContentSchema,
  moderatorBodySchema,
  moderatorSchema,
  modLockSchema,
  modLogEntrySchema,
  modLogQuerySchema,
  modNameQuerySchema,
  modPinSchema,
  modReportListQuerySchema,
  modReportSchema,
  modUnbanSchema,
} from "#shared/schemas/community-moderation.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import {
  appointModerator,
  banPerson,
  createFlair,
  deleteFlair,
  dismissModerator,
  editFlair,
  liftBan,
  listBans,
  listCommunityReports,
  listFlairs,
  listModerators,
  lockPost,
  moderateContent,
  pinPost,
  readModLog,
} from "./service";

const tags = ["Community moderation"];
const MOD = "/api/v1/private/user/community/mod";
const body = <T extends z.ZodType>(schema: T) => ({ body: jsonOrForm(schema) });
const moderatorList = json(z.object({ list: z.array(moderatorSchema) }), "The owner and the moderators");

const moderators = createRoute({
  method: "get",
  path: "/api/v1/community/moderator/list",
  tags,
  summary: "A community's owner and moderators",
  request: { query: modNameQuerySchema },
  responses: { 200: moderatorList, ...errorResponses(404, 422) },
});

const appoint = createRoute({
  method: "post",
  path: "/api/v1/private/user/community/moderator",
  tags,
  security,
  summary: `The owner appoints a member moderator (at most 25)`,
  request: body(moderatorBodySchema),
  responses: { 200: moderatorList, ...errorResponses(401, 403, 404, 409, 415, 422) },
});

const dismiss = createRoute({
  method: "delete",
  path: "/api/v1/private/user/community/moderator",
  tags,
  security,
  summary: "The owner dismisses a moderator (a member again)",
  request: body(moderatorBodySchema),
  responses: { 200: moderatorList, ...errorResponses(401, 403, 404, 415, 422) },
});

const removed = json(z.object({ public_id: z.string(), removed: z.boolean() }), "Done");
const remove = createRoute({
  method: "post",
  path: `${MOD}/remove`,
  tags,
  security,
  summary:
    "Remove a post or comment of the community: hidden as staff removal hides it; its author is told the community and the reason, and may appeal to staff",
  request: body(modContentSchema),
  responses: { 200: removed, ...errorResponses(401, 403, 404, 415, 422) },
});

const restore = createRoute({
  method: "post",
  path: `${MOD}/restore`,
  tags,
  security,
  summary: "Bring back a post or comment the community's moderators removed",
  request: body(modContentSchema),
  responses: { 200: removed, ...errorResponses(401, 403, 404, 409, 415, 422) },
});

const pin = createRoute({
  method: "post",
  path: `${MOD}/pin`,
  tags,
  security,
  summary: "Pin (at most 2) or unpin a post: pinned posts come first on the community's page",
  request: body(modPinSchema),
  responses: {
    200: json(z.object({ public_id: z.string(), pinned: z.boolean() }), "Done"),
    ...errorResponses(401, 403, 404, 409, 415, 422),
  },
});

const lock = createRoute({
  method: "post",
  path: `${MOD}/lock`,
  tags,
  security,
  summary: "Lock a post (no new comments) or unlock it",
  request: body(modLockSchema),
  responses: {
    200: json(z.object({ public_id: z.string(), locked: z.boolean() }), "Done"),
    ...errorResponses(401, 403, 404, 415, 422),
  },
});

const ban = createRoute({
  method: "post",
  path: `${MOD}/ban`,
  tags,
  security,
  summary: "Ban someone from the community for `days` days (0: until lifted)",
  request: body(modBanSchema),
  responses: { 200: json(banSchema, "The ban"), ...errorResponses(401, 403, 404, 415, 422) },
});

const unban = createRoute({
  method: "delete",
  path: `${MOD}/ban`,
  tags,
  security,
  summary: "Lift a ban",
  request: body(modUnbanSchema),
  responses: { 204: { description: "Lifted" }, ...errorResponses(401, 403, 404, 415, 422) },
});

const bans = createRoute({
  method: "get",
  path: `${MOD}/ban/list`,
  tags,
  security,
  summary: "The community's bans in force (its owner and moderators)",
  request: { query: modNameQuerySchema },
  responses: {
    200: json(z.object({ list: z.array(banSchema) }), "The bans"),
    ...errorResponses(401, 403, 404, 422),
  },
});

const reports = createRoute({
  method: "get",
  path: `${MOD}/report/list`,
  tags,
  security,
  summary: "Reports about the community's posts and comments (its owner and moderators)",
  request: { query: modReportListQuerySchema },
  responses: { 200: json(pageSchema(modReportSchema), "A page"), ...errorResponses(401, 403, 404, 422) },
});

const modLog = createRoute({
  method: "get",
  path: "/api/v1/community/mod/log",
  tags,
  summary: "The community's public moderation log, newest first (removed content's text is not repeated)",
  request: { query: modLogQuerySchema },
  responses: { 200: json(pageSchema(modLogEntrySchema), "A page"), ...errorResponses(404, 422) },
});

const flairs = createRoute({
  method: "get",
  path: "/api/v1/community/flair/list",
  tags,
  summary: "A community's flairs",
  request: { query: modNameQuerySchema },
  responses: {
    200: json(z.object({ list: z.array(flairSchema) }), "The flairs"),
    ...errorResponses(404, 422),
  },
});

const flairCreate = createRoute({
  method: "post",
  path: "/api/v1/private/user/community/flair",
  tags,
  security,
  summary: "Add a flair (at most 20; the owner and moderators)",
  request: body(flairCreateSchema),
  responses: { 201: json(flairSchema, "The flair"), ...errorResponses(401, 403, 404, 409, 415, 422) },
});

const flairEdit = createRoute({
  method: "patch",
  path: "/api/v1/private/user/community/flair",
  tags,
  security,
  summary: "Rename or recolour a flair",
  request: body(flairEditSchema),
  responses: { 200: json(flairSchema, "The flair"), ...errorResponses(401, 403, 404, 409, 415, 422) },
});

const flairDelete = createRoute({
  method: "delete",
  path: "/api/v1/private/user/community/flair",
  tags,
  security,
  summary: "Delete a flair (its posts carry none)",
  request: body(flairDeleteSchema),
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 415, 422) },
});

type Named = { name: string; username: string };

export const communityModerationRoutes = createRouter()
  .openapi(moderators, async (c) => c.json(await listModerators(c.var.deps, c.req.valid("query").name), 200))
  .openapi(appoint, async (c) =>
    c.json(await appointModerator(c.var.deps, c.get("user"), readBody<Named>(c)), 200),
  )
  .openapi(dismiss, async (c) =>
    c.json(await dismissModerator(c.var.deps, c.get("user"), readBody<Named>(c)), 200),
  )
  .openapi(remove, async (c) =>
    c.json(await moderateContent(c.var.deps, c.get("user"), readBody<ModContent>(c), false), 200),
  )
  .openapi(restore, async (c) =>
    c.json(await moderateContent(c.var.deps, c.get("user"), readBody<ModContent>(c), true), 200),
  )
  .openapi(pin, async (c) =>
    c.json(await pinPost(c.var.deps, c.get("user"), readBody<z.infer<typeof modPinSchema>>(c)), 200),
  )
  .openapi(lock, async (c) =>
    c.json(await lockPost(c.var.deps, c.get("user"), readBody<z.infer<typeof modLockSchema>>(c)), 200),
  )
  .openapi(ban, async (c) => c.json(await banPerson(c.var.deps, c.get("user"), readBody<ModBan>(c)), 200))
  .openapi(unban, async (c) => {
    await liftBan(c.var.deps, c.get("user"), readBody<Named>(c));
    return c.body(null, 204);
  })
  .openapi(bans, async (c) =>
    c.json(await listBans(c.var.deps, c.get("user"), c.req.valid("query").name), 200),
  )
  .openapi(reports, async (c) =>
    c.json(await listCommunityReports(c.var.deps, c.get("user"), c.req.valid("query")), 200),
  )
  .openapi(modLog, async (c) => c.json(await readModLog(c.var.deps, c.req.valid("query")), 200))
  .openapi(flairs, async (c) => c.json(await listFlairs(c.var.deps, c.req.valid("query").name), 200))
  .openapi(flairCreate, async (c) =>
    c.json(await createFlair(c.var.deps, c.get("user"), readBody<z.infer<typeof flairCreateSchema>>(c)), 201),
  )
  .openapi(flairEdit, async (c) =>
    c.json(await editFlair(c.var.deps, c.get("user"), readBody<z.infer<typeof flairEditSchema>>(c)), 200),
  )
  .openapi(flairDelete, async (c) => {
    await deleteFlair(c.var.deps, c.get("user"), readBody<{ id: number }>(c));
    return c.body(null, 204);
  });
