import { createRoute, z } from "@hono/zod-openapi";
import { IMAGE_MAX_BYTES } from "#shared/constants.ts";
import { fail } from "#worker/lib/errors.ts";
import { sniffMedia } from "#worker/lib/media.ts";
import { createRouter, errorResponses, json, multipartBody, readBody } from "#worker/lib/router.ts";
import { storeAdminFile } from "./service";

// Files staff upload for blogs, e-mails and announcements: the admin site's header menu uploads
// an image here and copies its link.

export const adminFileSchema = z.object({
  id: z.number().int(),
  file: z.string(),
  file_public_id: z.string(),
  created_at: z.string(),
});

const upload = createRoute({
  method: "post",
  path: "/api/admin/private/file",
  tags: ["Admin files"],
  summary: "Upload an image (PNG, JPEG, GIF or WebP, at most 1 MB); answers its link",
  security: [{ bearer: [] }],
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

export const adminFilesRoutes = createRouter().openapi(upload, async (c) => {
  const { file } = readBody<{ file: File }>(c);
  if (file.size === 0) fail(422, "file: The file is empty");
  if (file.size > IMAGE_MAX_BYTES) fail(413, "file: File size should not exceed 1MB");
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The bytes decide what the file is, never its name or the browser's word.
  const sniffed = sniffMedia(bytes);
  if (sniffed?.kind !== "IMAGE") fail(415, "file: Use a PNG, JPEG, GIF or WebP image");
  const row = await storeAdminFile(c.var.deps, c.get("admin").id, { ...sniffed, bytes });
  return c.json(
    {
      id: row.id,
      file: row.file,
      file_public_id: row.filePublicId,
      created_at: new Date(row.createdAt).toISOString(),
    },
    201,
  );
});
