import { Hono } from "hono";
import type { AppEnv } from "#worker/env.ts";
import { fail } from "#worker/lib/errors.ts";

/** Uploaded files from R2, with the content type sniffed at upload time. */
export const mediaRoutes = new Hono<AppEnv>().get("/media/:key{.+}", async (c) => {
  const key = c.req.param("key");
  const object = await c.env.MEDIA.get(key);
  if (!object) fail(404, "File not found");
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("cache-control", "public, max-age=31536000, immutable");
  headers.set(
    "content-security-policy",
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
  );
  return new Response(object.body, { headers });
});
