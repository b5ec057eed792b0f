import { createRoute, type z } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import {
  ADMIN_MSG,
  adminBlogCreateSchema,
  adminBlogDetailSchema,
  adminBlogPublishAnswerSchema,
  adminBlogPublishSchema,
  adminBlogSchema,
  adminBlogUpdateSchema,
  adminIdBodySchema,
  adminIdQuerySchema,
} from "#shared/schemas/admin.ts";
import { createRouter, errorResponses, json, jsonOrForm, readBody, security } from "#worker/lib/router.ts";
import { createBlog, deleteBlog, getBlog, listBlogs, publishBlog, updateBlog } from "./service";

const tags = ["Admin blog"];
const path = "/api/admin/private/admin/blog";

const list = createRoute({
  method: "get",
  path: `${path}/list`,
  tags,
  summary: "Every blog post, published or not, newest first",
  security,
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(adminBlogSchema), "A page of posts"), ...errorResponses(401, 422) },
});

const one = createRoute({
  method: "get",
  path,
  tags,
  summary: "One blog post with its body, published or not",
  security,
  request: { query: adminIdQuerySchema },
  responses: { 200: json(adminBlogDetailSchema, "The post"), ...errorResponses(401, 404, 422) },
});

const create = createRoute({
  method: "post",
  path,
  tags,
  summary:
    "A new, unpublished blog post: title, category, body (rich text HTML, sanitised), cover (a link, e.g. an uploaded file's), summary and slug optional",
  security,
  request: { body: jsonOrForm(adminBlogCreateSchema) },
  responses: { 201: json(adminBlogDetailSchema, "Created"), ...errorResponses(401, 409, 415, 422) },
});

const update = createRoute({
  method: "patch",
  path,
  tags,
  summary: "Change a blog post: id and the fields to change (cover null or empty removes it)",
  security,
  request: { body: jsonOrForm(adminBlogUpdateSchema) },
  responses: {
    200: json(adminBlogDetailSchema, "The post as it is now"),
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

const publish = createRoute({
  method: "patch",
  path: `${path}/publish`,
  tags,
  summary: "Publish (published=true) or unpublish a blog post",
  security,
  request: { body: jsonOrForm(adminBlogPublishSchema) },
  responses: {
    200: json(adminBlogPublishAnswerSchema, '"It was published" or "It was unpublished"'),
    ...errorResponses(401, 404, 415, 422),
  },
});

const remove = createRoute({
  method: "delete",
  path,
  tags,
  summary: "Delete a blog post (body id)",
  security,
  request: { body: jsonOrForm(adminIdBodySchema) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 415, 422) },
});

export const blogAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listBlogs(c.var.deps, c.req.valid("query")), 200))
  .openapi(one, async (c) => c.json(await getBlog(c.var.deps, c.req.valid("query").id), 200))
  .openapi(create, async (c) => {
    const input = readBody<z.output<typeof adminBlogCreateSchema>>(c);
    return c.json(await createBlog(c.var.deps, c.get("admin"), input), 201);
  })
  .openapi(update, async (c) => {
    const input = readBody<z.output<typeof adminBlogUpdateSchema>>(c);
    return c.json(await updateBlog(c.var.deps, c.get("admin"), input), 200);
  })
  .openapi(publish, async (c) => {
    const input = readBody<z.output<typeof adminBlogPublishSchema>>(c);
    const blog = await publishBlog(c.var.deps, c.get("admin"), input);
    return c.json({ detail: input.published ? ADMIN_MSG.published : ADMIN_MSG.unpublished, blog }, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = readBody<z.output<typeof adminIdBodySchema>>(c);
    await deleteBlog(c.var.deps, c.get("admin"), id);
    return c.body(null, 204);
  });
