import { createRoute, z } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "#shared/api.ts";
import { adminFileSchema, adminIdBodySchema } from "#shared/schemas/admin.ts";
import {
  createRouter,
  errorResponses,
  json,
  jsonOrForm,
  multipartBody,
  readBody,
  security,
} from "#worker/lib/router.ts";
import { deleteAdminFile, listAdminFiles, uploadAdminFile } from "./service";

// Files staff upload for blogs, e-mails and announcements: the admin site's header menu uploads
// an image here and copies its link; the Files page lists and deletes them.

const tags = ["Admin files"];

const upload = createRoute({
  method: "post",
  path: "/api/admin/private/file",
  tags,
  summary: "Upload an image (PNG, JPEG, GIF or WebP, at most 1 MB); answers its link",
  security,
  request: {
    body: multipartBody(
      z.object({
        file: z.instanceof(File, { message: "Send a file" }).openapi({ type: "string", format: "binary" }),
      }),
    ),
  },
  responses: {
    201: json(adminFileSchema, "Stored"),
    ...errorResponses(401, 413, 415, 422),
  },
});

const list = createRoute({
  method: "get",
  path: "/api/admin/private/file/list",
  tags,
  summary: "Uploaded files, newest first",
  security,
  request: { query: pageQuerySchema },
  responses: { 200: json(pageSchema(adminFileSchema), "A page of files"), ...errorResponses(401, 422) },
});

const remove = createRoute({
  method: "delete",
  path: "/api/admin/private/file",
  tags,
  summary: "Delete an uploaded file (body id): its link stops working",
  security,
  request: { body: jsonOrForm(adminIdBodySchema) },
  responses: { 204: { description: "Deleted" }, ...errorResponses(401, 404, 415, 422) },
});

export const adminFilesRoutes = createRouter()
  .openapi(upload, async (c) => {
    const { file } = readBody<{ file: File }>(c);
    return c.json(await uploadAdminFile(c.var.deps, c.get("admin"), file), 201);
  })
  .openapi(list, async (c) => c.json(await listAdminFiles(c.var.deps, c.req.valid("query")), 200))
  .openapi(remove, async (c) => {
    const { id } = readBody<z.output<typeof adminIdBodySchema>>(c);
    await deleteAdminFile(c.var.deps, c.get("admin"), id);
    return c.body(null, 204);
  });
