import { Hono } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { refusalBody } from "#worker/lib/errors.ts";
import { IMMUTABLE_CACHE } from "#worker/middleware/security-headers.ts";

const HAS_EXTENSION = /\/[^/]+\.[a-z0-9]+$/i;

/**
 * The admin SPA lives under /admin/. Its built files (/admin/assets/…) are served as they are;
 * every other /admin path is a route of the admin app and gets its index.html. Other non-API
 * paths never reach the Worker: the assets layer falls back to the main index.html.
 */
export const spaRoutes = new Hono<AppEnv>()
  .get("/admin/*", async (c) => {
    const url = new URL(c.req.url);
    if (HAS_EXTENSION.test(url.pathname)) {
      const asset = await c.env.ASSETS.fetch(new Request(url, c.req.raw));
      // A fresh Response: the assets layer's headers are immutable and the middleware adds its own.
      if (asset.status !== 404 && asset.headers.get("content-type")?.includes("text/html") !== true) {
        const headers = new Headers(asset.headers);
        // The admin build's files carry a hash of their content in their names, as the main site's.
        if (asset.ok && url.pathname.startsWith("/admin/assets/"))
          headers.set("cache-control", IMMUTABLE_CACHE);
        return new Response(asset.body, { status: asset.status, headers });
      }
      return c.json(refusalBody(404, "Not found"), 404);
    }
    url.pathname = "/admin/index.html";
    const index = await c.env.ASSETS.fetch(new Request(url, { headers: c.req.raw.headers }));
    // A browser's revalidation (If-None-Match) gets 304 and no body: it must stay a 304, or the
    // browser shows the empty body as the page.
    const status = index.status === 304 ? 304 : 200;
    return new Response(status === 304 ? null : index.body, { status, headers: new Headers(index.headers) });
  })
  .get("/admin", (c) => c.redirect("/admin/", 301));
