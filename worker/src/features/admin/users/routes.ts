import { createRoute, type z } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import {
  adminAccountQuerySchema,
  adminAccountSchema,
  adminSearchQuerySchema,
  adminSearchResultSchema,
  adminUserDetailSchema,
  adminUserQuerySchema,
  adminUserSchema,
  newUsersQuerySchema,
  statusUpdatedText,
  userStatsSchema,
  userStatusAnswerSchema,
  userStatusSchema,
} from "#shared/schemas/admin.ts";
import { MODERATION_MSG, trustLevelAnswerSchema, trustLevelSetSchema } from "#shared/schemas/moderation.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { closeSocketsOf } from "#worker/lib/sockets/close-sockets.ts";
import {
  getAdminAccount,
  getUser,
  listAdmins,
  newUsers,
  searchPeople,
  setTrustLevel,
  setUserStatus,
  userStats,
} from "./service";

// The admin home (stats, new users), the Users and Admins pages (search, one person, status).

const tags = ["Admin users"];

const stats = createRoute({
  method: "get",
  path: "/api/admin/private/user/stats",
  tags,
  summary: "The home page's totals: all users, unpaid, paid (User plan), paid businesses",
  security,
  responses: { 200: json(userStatsSchema, "The totals"), ...errorResponses(401) },
});

const newUserList = createRoute({
  method: "get",
  path: "/api/admin/private/user/new/data/list",
  tags,
  summary: "People who joined recently, newest first: days=0 is Today (since midnight UTC), days=7 This Week",
  security,
  request: { query: newUsersQuerySchema },
  responses: { 200: json(pageSchema(adminUserSchema), "A page of people"), ...errorResponses(401, 422) },
});

const search = createRoute({
  method: "get",
  path: "/api/admin/private/search",
  tags,
  summary:
    "Search people: type users (username or e-mail prefix) or admins (username prefix); an unknown type is users; an empty q lists everyone",
  security,
  request: { query: adminSearchQuerySchema },
  responses: { 200: json(adminSearchResultSchema, "A page of results"), ...errorResponses(401, 422) },
});

const onePerson = createRoute({
  method: "get",
  path: "/api/admin/private/user",
  tags,
  summary: "One person by username, with how many reports name them",
  security,
  request: { query: adminUserQuerySchema },
  responses: { 200: json(adminUserDetailSchema, "The person"), ...errorResponses(401, 404, 422) },
});

const status = createRoute({
  method: "patch",
  path: "/api/admin/private/user/status",
  tags,
  summary:
    "Set a person's status (ACTIVE, UNCONFIRMED or SUSPENDED) by e-mail; leaving ACTIVE ends their sessions at once",
  security,
  request: { body: jsonOrForm(userStatusSchema, "email and user_status, as JSON or a form") },
  responses: {
    200: json(userStatusAnswerSchema, 'Done: "User status updated to {status} for {email}"'),
    ...errorResponses(401, 404, 415, 422),
  },
});

const trustLevel = createRoute({
  method: "patch",
  path: "/api/admin/private/user/trust-level",
  tags,
  summary:
    "Set a person's trust level by hand (0 new, 1 member, 2 regular): their write limits follow it and automatic updates stop; audited",
  security,
  request: { body: jsonOrForm(trustLevelSetSchema, "username and trust_level, as JSON or a form") },
  responses: {
    200: json(trustLevelAnswerSchema, "Set"),
    ...errorResponses(401, 404, 415, 422),
  },
});

const adminList = createRoute({
  method: "get",
  path: "/api/admin/private/admin/list",
  tags,
  summary: "Staff accounts, by username",
  security,
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(adminAccountSchema), "A page of admins"), ...errorResponses(401, 422) },
});

const oneAdmin = createRoute({
  method: "get",
  path: "/api/admin/private/admin",
  tags,
  summary: "One admin by username (the admin profile page)",
  security,
  request: { query: adminAccountQuerySchema },
  responses: { 200: json(adminAccountSchema, "The admin"), ...errorResponses(401, 404, 422) },
});

export const usersRoutes = createRouter()
  .openapi(stats, async (c) => c.json(await userStats(c.var.deps), 200))
  .openapi(newUserList, async (c) => c.json(await newUsers(c.var.deps, c.req.valid("query")), 200))
  .openapi(search, async (c) => c.json(await searchPeople(c.var.deps, c.req.valid("query")), 200))
  .openapi(onePerson, async (c) => c.json(await getUser(c.var.deps, c.req.valid("query").username), 200))
  .openapi(status, async (c) => {
    const input = readBody<z.output<typeof userStatusSchema>>(c);
    const user = await setUserStatus(c.var.deps, c.get("admin"), input);
    c.executionCtx.waitUntil(closeSocketsOf(c.env, { email: input.email }));
    return c.json({ detail: statusUpdatedText(input.user_status, user.email), user }, 200);
  })
  .openapi(trustLevel, async (c) => {
    const input = readBody<z.output<typeof trustLevelSetSchema>>(c);
    const set = await setTrustLevel(c.var.deps, c.get("admin"), input);
    return c.json({ detail: MODERATION_MSG.trustLevelSet, ...set }, 200);
  })
  .openapi(adminList, async (c) => c.json(await listAdmins(c.var.deps, c.req.valid("query")), 200))
  .openapi(oneAdmin, async (c) =>
    c.json(await getAdminAccount(c.var.deps, c.req.valid("query").username), 200),
  );
