import { createRoute } from "@hono/zod-openapi";
import {
  type AppealCreate,
  appealCreateAnswerSchema,
  appealCreateSchema,
  MODERATION_MSG,
} from "#shared/schemas/moderation.ts";
import { fail } from "#worker/lib/errors.ts";
import { createRouter, errorResponses, formBody, json, readBody, security } from "#worker/lib/router.ts";
import { createAppeal } from "./service";

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

export const moderationRoutes = createRouter().openapi(appeal, async (c) => {
  const input = readBody<AppealCreate>(c);
  const appealer = c.get("appealer");
  // An appeal token names one decision; any other is not found for it.
  if (appealer && appealer.moderationId !== input.moderation_id) fail(404, MODERATION_MSG.moderationNotFound);
  const userId = appealer ? appealer.userId : c.get("user").id;
  const state = await createAppeal(c.var.deps, userId, input);
  return c.json({ detail: MODERATION_MSG.appealSent, appeal: state }, 201);
});
