import { createRoute, z } from "@hono/zod-openapi";
import { pageSchema } from "#shared/api.ts";
import {
  type CommunityCoverEdit,
  communityCoverEditSchema,
  communityCreateFieldsSchema,
  communityListQuerySchema,
  communityNameQuerySchema,
  communitySchema,
  joinResultSchema,
  memberListQuerySchema,
  memberSchema,
  myCommunityListQuerySchema,
} from "#shared/schemas/communities.ts";
import { cursorPageSchema } from "#shared/schemas/posts.ts";
import {
  createRouter,
  errorResponses,
  json,
  jsonOrForm,
  multipartBody,
  readBody,
  security,
} from "#worker/lib/router.ts";
import {
  createCommunity,
  getCommunity,
  joinCommunity,
  leaveCommunity,
  listCommunities,
  listMembers,
  listMyCommunities,
  setCommunityCover,
} from "./service";

const tags = ["Communities"];
/** A file part, or a data URL: the Create Community form may send its image either way. */
const imageField = z
  .union([z.instanceof(File).openapi({ type: "string", format: "binary" }), z.string()])
  .optional()
  .openapi({ description: "A file, or a data:image/…;base64 URL" });

const one = createRoute({
  method: "get",
  path: "/api/v1/community",
  tags,
  summary: "One community, with the caller's membership",
  request: { query: communityNameQuerySchema },
  responses: { 200: json(communitySchema, "The community"), ...errorResponses(404, 422) },
});

const list = createRoute({
  method: "get",
  path: "/api/v1/community/list",
  tags,
  summary: "Communities by members (sort=top) or newest (sort=new), optionally by name prefix",
  request: { query: communityListQuerySchema },
  responses: { 200: json(cursorPageSchema(communitySchema), "A page"), ...errorResponses(422) },
});

const members = createRoute({
  method: "get",
  path: "/api/v1/community/member/list",
  tags,
  summary: "Members of a community in joining order",
  request: { query: memberListQuerySchema },
  responses: { 200: json(cursorPageSchema(memberSchema), "A page"), ...errorResponses(404, 422) },
});

const create = createRoute({
  method: "post",
  path: "/api/v1/private/user/community",
  tags,
  security,
  summary: "Create a community; the creator is its owner",
  request: {
    body: jsonOrForm(communityCreateFieldsSchema.extend({ image: imageField })),
  },
  responses: {
    201: json(z.object({ name: z.string() }), "Created"),
    ...errorResponses(401, 409, 415, 422, 429),
  },
});

const coverBody = communityCoverEditSchema.extend({
  cover: communityCoverEditSchema.shape.cover.openapi({ type: "string", format: "binary" }),
});

const cover = createRoute({
  method: "patch",
  path: "/api/v1/private/user/community",
  tags,
  security,
  summary:
    "Change a community's rules (its owner and moderators), reaction palette or banner (its owner only); multipart",
  description:
    "`name` of the community, and any of: `rules` (a JSON list of up to 15 `{title, description}`); `reaction_palette` (a JSON list of 1 to 12 distinct emoji of Unicode's RGI set) or `remove_reaction_palette=true` for the default eight; `cover` (a PNG, JPEG, GIF or WebP image of at most 1 MB) or `remove_cover=true`.",
  request: { body: multipartBody(coverBody) },
  responses: {
    200: json(communitySchema, "The community as it is now"),
    ...errorResponses(401, 403, 404, 413, 415, 422, 429),
  },
});

const mine = createRoute({
  method: "get",
  path: "/api/v1/private/user/community/list",
  tags,
  security,
  summary: "The caller's communities, by name",
  request: { query: myCommunityListQuerySchema },
  responses: { 200: json(pageSchema(communitySchema), "A page"), ...errorResponses(401, 422) },
});

const join = createRoute({
  method: "post",
  path: "/api/v1/private/user/community/join",
  tags,
  security,
  summary: "Join a community (again is harmless)",
  request: { query: communityNameQuerySchema },
  responses: { 200: json(joinResultSchema, "The membership"), ...errorResponses(401, 404, 422) },
});

const leave = createRoute({
  method: "delete",
  path: "/api/v1/private/user/community/leave",
  tags,
  security,
  summary: "Leave a community",
  request: { query: communityNameQuerySchema },
  responses: { 204: { description: "Left" }, ...errorResponses(401, 404, 422) },
});

export const communitiesRoutes = createRouter()
  .openapi(one, async (c) => {
    const community = await getCommunity(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query").name);
    return c.json(community, 200);
  })
  .openapi(list, async (c) => {
    const page = await listCommunities(c.var.deps, c.get("viewer")?.id ?? null, c.req.valid("query"));
    return c.json(page, 200);
  })
  .openapi(members, async (c) => {
    return c.json(await listMembers(c.var.deps, c.req.valid("query")), 200);
  })
  .openapi(create, async (c) => {
    const { image, ...fields } = readBody<
      z.infer<typeof communityCreateFieldsSchema> & { image?: File | string }
    >(c);
    const created = await createCommunity(c.var.deps, c.get("user"), fields, image ?? null);
    return c.json(created, 201);
  })
  .openapi(cover, async (c) => {
    return c.json(await setCommunityCover(c.var.deps, c.get("user"), readBody<CommunityCoverEdit>(c)), 200);
  })
  .openapi(mine, async (c) => {
    const page = await listMyCommunities(c.var.deps, c.get("user").id, c.req.valid("query"));
    return c.json(page, 200);
  })
  .openapi(join, async (c) => {
    return c.json(await joinCommunity(c.var.deps, c.get("user"), c.req.valid("query").name), 200);
  })
  .openapi(leave, async (c) => {
    await leaveCommunity(c.var.deps, c.get("user"), c.req.valid("query").name);
    return c.body(null, 204);
  });
