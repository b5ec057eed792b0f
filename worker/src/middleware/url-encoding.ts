import type { MiddlewareHandler } from "hono";
import { hasValidPercentEncoding } from "#shared/api.ts";
import type { AppEnv } from "../env";
import { refusalBody } from "../lib/errors";

/**
 * A broken percent escape ("%zz", "%E0%A4%A", a lone "%") in the address or in a form body is
 * answered 400 before any route reads it. The runtime would otherwise decode it quietly into
 * something else ("%zz" → "zz", "%E0%A4%A" → "�"), and code that decodes it itself would throw.
 */
export const refuseMalformedEncoding: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start !== -1 && !hasValidPercentEncoding(url.slice(start)))
    return c.json(
      refusalBody(400, "The address has a malformed percent-encoding (a % without a valid escape)"),
      400,
    );
  // A form body is percent-encoded too; it is already within its size limit (middleware/body-limit.ts).
  if (c.req.raw.body && /^application\/x-www-form-urlencoded/i.test(c.req.header("content-type") ?? "")) {
    const text = await c.req.raw.clone().text();
    if (!hasValidPercentEncoding(text))
      return c.json(
        refusalBody(400, "The form has a malformed percent-encoding (a % without a valid escape)"),
        400,
      );
  }
  return next();
};
