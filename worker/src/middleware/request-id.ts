import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/** Every answer carries X-Request-Id, so a user's report can be matched to the log line. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  await next();
  if (c.res.status !== 101) c.res.headers.set("X-Request-Id", id);
};
