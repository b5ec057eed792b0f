import { createRoute } from "@hono/zod-openapi";
import { publicIdQuery } from "#shared/api.ts";
import {
  type AppealCreate,
  allowanceQuerySchema,
  allowanceSchema,
  appealCreateAnswerSchema,
  appealCreateSchema,
  MODERATION_MSG,
  moderationNoticeSchema,
} from "#shared/schemas/moderation.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
import { allowanceLeft } from "#worker/lib/trust.ts";
import { createAppeal, ownPostModeration } from "./service";

const appeal = createRoute({
  method: "post",
  path: "/api/v1/private/user/appeal",
  tags: ["Moderation"],
  summary:
    "Appeal a decision staff made about you (form: moderation_id, text of 40 to 1000 characters); one appeal per decision. A suspended person uses the appeal_token their sign-in answered.",
  security,
  request: { body: formBody(appealCreateSchema) },
  responses: {
    201: json(appealCreateAnswerSchema, "Sent; staff answer it in a MODERATION notification"),
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

const ownPost = createRoute({
  method: "get",
  path: "/api/v1/private/user/moderation/post",
  tags: ["Moderation"],
  summary:
    "Why your own post is hidden: the decision staff made about it (cause, note) and your appeal, while the post stays removed. Anyone else's post, or one not removed, is not found.",
  security,
  request: { query: publicIdQuery },
  responses: { 200: json(moderationNoticeSchema, "The decision"), ...errorResponses(401, 404, 422) },
});

const allowance = createRoute({
  method: "get",
  path: "/api/v1/private/user/allowance",
  tags: ["Moderation"],
  summary:
    "What is left today of your daily allowance for posts or comments (by trust level), so a form can say so before the limit; null for regulars, who have none.",
  security,
  request: { query: allowanceQuerySchema },
  responses: { 200: json(allowanceSchema, "The allowance"), ...errorResponses(401, 422) },
});

export const moderationRoutes = createRouter()
  .openapi(allowance, async (c) => {
    const left = await allowanceLeft(c.var.deps, c.get("user"), c.req.valid("query").action);
    return c.json({ allowance: left }, 200);
  })
  .openapi(ownPost, async (c) => {
    const notice = await ownPostModeration(c.var.deps, c.get("user").id, c.req.valid("query").public_id);
    return c.json(notice, 200);
  })
  .openapi(appeal, async (c) => {
    const input = readBody<AppealCreate>(c);
    const appellant = c.get("appealer") ?? { userId: c.get("user").id };
    const state = await createAppeal(c.var.deps, appellant, input);
    return c.json({ detail: MODERATION_MSG.appealSent, appeal: state }, 201);
  });
