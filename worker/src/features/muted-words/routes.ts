import { createRoute } from "@hono/zod-openapi";
import {
  mutedWordCreateSchema,
  mutedWordIdSchema,
  mutedWordListSchema,
} from "#shared/schemas/muted-words.ts";
import { z } from "#shared/zod-jitless.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { addMutedWord, listMutedWords, removeMutedWord } from "./service";

const tags = ["Muted words"];
const PATH = "/api/v1/private/user/filter";

const list = createRoute({
  method: "get",
  path: `${PATH}/list`,
  tags,
  summary: "The caller's muted phrases, newest first (expired ones too)",
  security,
  responses: { 200: json(mutedWordListSchema, "Every muted phrase"), ...errorResponses(401) },
});

const create = createRoute({
  method: "post",
  path: PATH,
  tags,
  summary:
    "Mute a phrase in some places (FEED, COMMENTS, NOTIFICATIONS, SEARCH, CHAT_REQUESTS), until a time or for good",
  security,
  request: { body: jsonOrForm(mutedWordCreateSchema) },
  responses: {
    201: json(z.object({ id: z.number().int() }), "Muted"),
    ...errorResponses(401, 409, 415, 422),
  },
});

const remove = createRoute({
  method: "delete",
  path: PATH,
  tags,
  summary: "Stop muting a phrase (id)",
  security,
  request: { query: mutedWordIdSchema },
  responses: { 204: { description: "Removed" }, ...errorResponses(401, 404, 422) },
});

export const mutedWordsRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listMutedWords(c.var.deps, c.get("user").id), 200))
  .openapi(create, async (c) => {
    const input = readBody<z.output<typeof mutedWordCreateSchema>>(c);
    return c.json(await addMutedWord(c.var.deps, c.get("user").id, input), 201);
  })
  .openapi(remove, async (c) => {
    await removeMutedWord(c.var.deps, c.get("user").id, c.req.valid("query").id);
    return c.body(null, 204);
  });
