import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { createDeps } from "#worker/deps.ts";
import type { AppEnv } from "#worker/env.ts";
import { bearerToken } from "#worker/lib/sessions.ts";
import { BOOKMARK_HEADER, sessionStart } from "#worker/middleware/database.ts";
import { readMedia } from "./service";

// Uploaded files from R2 (who may read which: service.ts). The reader is known by the token in the
// Authorization header or in the SPAs' cookie (`access_token`, `admin_access_token`).

export const mediaRoutes = new Hono<AppEnv>().get("/media/:key{.+}", async (c) => {
  const deps = createDeps(c.env, undefined, sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER)));
  const caller = {
    bearer: bearerToken(c.req.header("authorization")),
    userCookie: getCookie(c, "access_token"),
    adminCookie: getCookie(c, "admin_access_token"),
  };
  return readMedia(deps, caller, c.req.param("key"));
});
