import { createRoute, type z } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import {
  ADMIN_MSG,
  adminIdBodySchema,
  adminIdQuerySchema,
  emailTemplateCreateSchema,
  emailTemplateDetailSchema,
  emailTemplateLockSchema,
  emailTemplateSchema,
  emailTemplateSendAnswerSchema,
  emailTemplateUpdateSchema,
} from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  lockTemplate,
  sendTemplate,
  updateTemplate,
} from "./service";

const tags = ["Admin e-mail templates"];
const path = "/api/admin/private/email/template";

const list = createRoute({
  method: "get",
  path: `${path}/list`,
  tags,
  summary: "E-mail templates, newest first",
  security,
  request: { query: pageQuerySchema },
  responses: {
    200: json(pageSchema(emailTemplateSchema), "A page of templates"),
    ...errorResponses(401, 422),
  },
});

const one = createRoute({
  method: "get",
  path,
  tags,
  summary: "One template; once sent, how many recipients it has and how many e-mails went out",
  security,
  request: { query: adminIdQuerySchema },
  responses: { 200: json(emailTemplateDetailSchema, "The template"), ...errorResponses(401, 404, 422) },
});

const create = createRoute({
  method: "post",
  path,
  tags,
  summary: "A new template: subject, mjml_text, is_locked (default false)",
  security,
  request: { body: jsonOrForm(emailTemplateCreateSchema) },
  responses: { 201: json(emailTemplateDetailSchema, "Created"), ...errorResponses(401, 415, 422) },
});

const update = createRoute({
  method: "patch",
  path,
  tags,
  summary:
    "Change a template: id and the fields to change. Subject and text cannot change once sent (409); the lock can",
  security,
  request: { body: jsonOrForm(emailTemplateUpdateSchema) },
  responses: {
    200: json(emailTemplateDetailSchema, "The template as it is now"),
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

const lock = createRoute({
  method: "patch",
  path: `${path}/lock`,
  tags,
  summary: "Lock (is_locked=true) or unlock a template; a locked template cannot be deleted",
  security,
  request: { body: jsonOrForm(emailTemplateLockSchema) },
  responses: { 200: json(emailTemplateDetailSchema, "The template"), ...errorResponses(401, 404, 415, 422) },
});

const remove = createRoute({
  method: "delete",
  path,
  tags,
  summary: "Delete a template (body id); 409 while it is locked",
  security,
  request: { body: jsonOrForm(adminIdBodySchema) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 409, 415, 422) },
});

const send = createRoute({
  method: "post",
  path: `${path}/send`,
  tags,
  summary:
    "Send the template once to everyone with the newsletter setting on (frozen now; delivered by the queue). A second send is 409; MJML that does not render is 422; 503 while e-mails cannot be rendered",
  security,
  request: { body: jsonOrForm(adminIdBodySchema) },
  responses: {
    202: json(emailTemplateSendAnswerSchema, '"The email will be sent", with the number of recipients'),
    ...errorResponses(401, 404, 409, 415, 422, 503),
  },
});

export const emailTemplatesRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listTemplates(c.var.deps, c.req.valid("query")), 200))
  .openapi(one, async (c) => c.json(await getTemplate(c.var.deps, c.req.valid("query").id), 200))
  .openapi(create, async (c) => {
    const input = readBody<z.output<typeof emailTemplateCreateSchema>>(c);
    return c.json(await createTemplate(c.var.deps, c.get("admin"), input), 201);
  })
  .openapi(update, async (c) => {
    const input = readBody<z.output<typeof emailTemplateUpdateSchema>>(c);
    return c.json(await updateTemplate(c.var.deps, c.get("admin"), input), 200);
  })
  .openapi(lock, async (c) => {
    const input = readBody<z.output<typeof emailTemplateLockSchema>>(c);
    return c.json(await lockTemplate(c.var.deps, c.get("admin"), input), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = readBody<z.output<typeof adminIdBodySchema>>(c);
    await deleteTemplate(c.var.deps, c.get("admin"), id);
    return c.body(null, 204);
  })
  .openapi(send, async (c) => {
    const { id } = readBody<z.output<typeof adminIdBodySchema>>(c);
    const { total_recipients } = await sendTemplate(c.var.deps, c.get("admin"), id);
    return c.json({ detail: ADMIN_MSG.emailWillBeSent, total_recipients }, 202);
  });
