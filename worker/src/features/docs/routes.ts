import { Hono } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { REFERENCE_PAGE, REFERENCE_SCRIPT } from "./reference-page";

/** The API reference, served by the Worker itself (no CDN): a page that reads /api/openapi.json. */
export const docsRoutes = new Hono<AppEnv>()
  .get("/api/docs", (c) => c.html(REFERENCE_PAGE))
  .get("/api/docs/reference.js", (c) =>
    c.body(REFERENCE_SCRIPT, 200, {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache",
    }),
  );
