import { createRoute } from "@hono/zod-openapi";
import { dataExportAnswerSchema, dataExportIdSchema } from "#shared/schemas/data-export.ts";
import { z } from "#shared/zod-jitless.ts";
import { createRouter, errorResponses, json, security } from "#worker/lib/router.ts";
import { exportStatus, openExport, requestExport } from "./service";

const tags = ["Account"];
const PATH = "/api/v1/private/user/export";

const request = createRoute({
  method: "post",
  path: PATH,
  tags,
  summary: "Ask for an archive of all your data (one a day); it is built in the background",
  security,
  responses: {
    202: json(
      z.object({ id: z.number().int() }),
      "Being prepared; a notification and an e-mail say when it is ready",
    ),
    ...errorResponses(401, 409, 429),
  },
});

const status = createRoute({
  method: "get",
  path: PATH,
  tags,
  summary: "Your newest data archive: PENDING, READY (with its link, for 7 days) or FAILED; null before any",
  security,
  responses: { 200: json(dataExportAnswerSchema, "The newest archive"), ...errorResponses(401) },
});

const download = createRoute({
  method: "get",
  path: `${PATH}/download`,
  tags,
  summary: "Download your data archive (a zip of JSON files and your media); its owner only",
  security,
  request: { query: dataExportIdSchema },
  responses: {
    200: { description: "The zip", content: { "application/zip": { schema: z.string() } } },
    ...errorResponses(401, 404, 410, 422),
  },
});

export const dataExportRoutes = createRouter()
  .openapi(request, async (c) => c.json(await requestExport(c.var.deps, c.get("user").id), 202))
  .openapi(status, async (c) => c.json(await exportStatus(c.var.deps, c.get("user").id), 200))
  .openapi(download, async (c) => {
    const object = await openExport(c.var.deps, c.get("user").id, c.req.valid("query").id);
    return c.body(object.body, 200, {
      "content-type": "application/zip",
      "content-disposition": 'attachment; filename="agora-data.zip"',
      "cache-control": "private, no-store",
    });
  });
