import type { MiddlewareHandler } from "hono";
import { type AppEnv, isDevelopment } from "../env";
import { fail } from "../lib/errors";

/** The development routes (docs/decisions/101): the 404 of a missing path anywhere else. */
export const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isDevelopment(c.env)) fail(404, "Not found");
  await next();
};
