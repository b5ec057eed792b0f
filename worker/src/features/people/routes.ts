import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import {
  blockAnswerSchema,
  connectionsQuerySchema,
  datedPersonSchema,
  defaultSortSchema,
  followAnswerSchema,
  jobProfileAnswerSchema,
  jobProfileSchema,
  profileEditSchema,
  profileImageFileSchema,
  usernameLookupSchema,
  usernameQuerySchema,
} from "#shared/schemas/people.ts";
import { personItemSchema, suggestionsSchema } from "#shared/schemas/search.ts";
import { userSchema } from "#shared/schemas/user.ts";
import type { AppEnv } from "#worker/env.ts";
import { failValidation } from "#worker/lib/errors.ts";
import {
  createRouter,
  errorResponses,
  json,
  jsonOrForm,
  multipartBody,
  readBody,
  security,
} from "#worker/lib/router.ts";
import { editProfile, type ProfileEdit } from "./profile";
import {
  block,
  blockedPeople,
  connections,
  follow,
  getJobProfile,
  getProfile,
  referredPeople,
  setDefaultSort,
  setJobProfile,
  unblock,
  unfollow,
} from "./service";
import { suggestionsFor } from "./suggestions";

const PRIVATE = "/api/v1/private/user";

// The OpenAPI document shows the pictures as binary files (zod alone cannot say it).
const pictureField = profileImageFileSchema.openapi({ type: "string", format: "binary" }).optional();
const profileEditBody = profileEditSchema.extend({
  profile_image: pictureField,
  profile_cover: pictureField,
});

// Follow and block name the person in the query (`?username=`); a JSON or form body works as well.
const optionalUsername = z.object({ username: usernameLookupSchema.optional() });
const personTarget = { query: optionalUsername, body: jsonOrForm(optionalUsername) };

/** The person named in the query, else in the body (checked by the route already); 422 when neither names one. */
function targetUsername(c: Context<AppEnv>): string {
  const fromQuery = c.req.query("username");
  const fromBody =
    fromQuery === undefined && c.req.header("content-type") ? readBody<{ username?: string }>(c) : {};
  const parsed = usernameQuerySchema.safeParse({ username: fromQuery ?? fromBody.username ?? "" });
  if (!parsed.success) failValidation(parsed.error);
  return parsed.data.username;
}

const profile = createRoute({
  method: "get",
  path: "/api/v1/user",
  tags: ["People"],
  summary: "A profile, with the caller's relation to it",
  request: { query: usernameQuerySchema },
  responses: { 200: json(userSchema, "The user"), ...errorResponses(404, 422) },
});

const connectionList = createRoute({
  method: "get",
  path: "/api/v1/connections",
  tags: ["People"],
  summary: "Followers or following of a person, newest first",
  request: { query: connectionsQuerySchema },
  responses: {
    200: json(pageSchema(personItemSchema), "A page of people"),
    ...errorResponses(403, 404, 422),
  },
});

const followRoute = (method: "post" | "delete") =>
  createRoute({
    method,
    path: `${PRIVATE}/follow`,
    tags: ["People"],
    summary: method === "post" ? "Follow someone (idempotent)" : "Unfollow someone (idempotent)",
    security,
    request: personTarget,
    responses: {
      200: json(followAnswerSchema, "The new state and the person's counts"),
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });

const blockRoute = (method: "post" | "delete") =>
  createRoute({
    method,
    path: `${PRIVATE}/block`,
    tags: ["People"],
    summary: method === "post" ? "Block someone (ends follows both ways)" : "Unblock someone",
    security,
    request: personTarget,
    responses: {
      200: json(blockAnswerSchema, "The new state"),
      ...errorResponses(400, 401, 404, 422, 429),
    },
  });

const blockList = createRoute({
  method: "get",
  path: `${PRIVATE}/block/list`,
  tags: ["People"],
  summary: "The people the caller blocked",
  security,
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(datedPersonSchema), "A page of people"), ...errorResponses(401, 422) },
});

const referralList = createRoute({
  method: "get",
  path: `${PRIVATE}/referral/list`,
  tags: ["People"],
  summary: "The people who joined with the caller's referral link",
  security,
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(datedPersonSchema), "A page of people"), ...errorResponses(401, 422) },
});

const profileEdit = createRoute({
  method: "patch",
  path: `${PRIVATE}/profile`,
  tags: ["People"],
  summary: "Edit the caller's name, headline, bio, links, picture and cover (multipart)",
  security,
  request: { body: multipartBody(profileEditBody) },
  responses: { 200: json(userSchema, "The updated user"), ...errorResponses(401, 413, 415, 422, 429) },
});

const defaultSort = createRoute({
  method: "patch",
  path: `${PRIVATE}/setting/default-micropost-sort`,
  tags: ["People"],
  summary: "The caller's default sort of posts",
  security,
  request: { query: defaultSortSchema.partial(), body: jsonOrForm(defaultSortSchema.partial()) },
  responses: {
    200: json(z.object({ default_micropost_sort: z.string() }), "The saved sort"),
    ...errorResponses(401, 422),
  },
});

const jobProfileGet = createRoute({
  method: "get",
  path: `${PRIVATE}/profile/job`,
  tags: ["People"],
  summary: "The caller's job title and skills (job settings tab)",
  security,
  responses: { 200: json(jobProfileAnswerSchema, "Title and skills"), ...errorResponses(401) },
});

const jobProfilePatch = createRoute({
  method: "patch",
  path: `${PRIVATE}/profile/job`,
  tags: ["People"],
  summary: "Save the caller's job title and up to five skills",
  security,
  request: { body: jsonOrForm(jobProfileSchema) },
  responses: { 200: json(jobProfileAnswerSchema, "Title and skills"), ...errorResponses(401, 415, 422) },
});

const suggestions = createRoute({
  method: "get",
  path: `${PRIVATE}/suggestions`,
  tags: ["People"],
  summary: "Communities to join and people to follow (welcome step, empty feeds)",
  security: [{ bearer: [] }],
  responses: { 200: json(suggestionsSchema, "A few of each, most popular first"), ...errorResponses(401) },
});

export const peopleRoutes = createRouter()
  .openapi(profile, async (c) => {
    const { username } = c.req.valid("query");
    return c.json(await getProfile(c.var.deps, username, c.get("viewer")?.id ?? null), 200);
  })
  .openapi(connectionList, async (c) => {
    const query = c.req.valid("query");
    return c.json(await connections(c.var.deps, { ...query, viewerId: c.get("viewer")?.id ?? null }), 200);
  })
  .openapi(followRoute("post"), async (c) => {
    return c.json(await follow(c.var.deps, c.get("user"), targetUsername(c)), 200);
  })
  .openapi(followRoute("delete"), async (c) => {
    return c.json(await unfollow(c.var.deps, c.get("user").id, targetUsername(c)), 200);
  })
  .openapi(blockRoute("post"), async (c) => {
    return c.json(await block(c.var.deps, c.get("user").id, targetUsername(c)), 200);
  })
  .openapi(blockRoute("delete"), async (c) => {
    return c.json(await unblock(c.var.deps, c.get("user").id, targetUsername(c)), 200);
  })
  .openapi(blockList, async (c) => {
    return c.json(await blockedPeople(c.var.deps, c.get("user").id, c.req.valid("query")), 200);
  })
  .openapi(referralList, async (c) => {
    return c.json(await referredPeople(c.var.deps, c.get("user").id, c.req.valid("query")), 200);
  })
  .openapi(profileEdit, async (c) => {
    return c.json(await editProfile(c.var.deps, c.get("user").id, readBody<ProfileEdit>(c)), 200);
  })
  .openapi(defaultSort, async (c) => {
    const fromQuery = c.req.query("default_micropost_sort");
    const raw =
      fromQuery !== undefined
        ? { default_micropost_sort: fromQuery }
        : c.req.header("content-type")
          ? readBody<Record<string, unknown>>(c)
          : {};
    const parsed = defaultSortSchema.safeParse(raw);
    if (!parsed.success) failValidation(parsed.error);
    return c.json(
      await setDefaultSort(c.var.deps, c.get("user").id, parsed.data.default_micropost_sort),
      200,
    );
  })
  .openapi(suggestions, async (c) => c.json(await suggestionsFor(c.var.deps, c.get("user").id), 200))
  .openapi(jobProfileGet, async (c) => c.json(await getJobProfile(c.var.deps, c.get("user").id), 200))
  .openapi(jobProfilePatch, async (c) => {
    const body = readBody<{ job_title: string; job_skills: string[] }>(c);
    return c.json(await setJobProfile(c.var.deps, c.get("user").id, body), 200);
  });
