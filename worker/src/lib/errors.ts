import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "#shared/zod-jitless.ts";

/** Stops the request with `{"detail": detail}` and the status. */
export function fail(status: ContentfulStatusCode, detail: string): never {
  throw new HTTPException(status, { message: detail });
}

/** A 429 that tells the client when to try again (`Retry-After`, in seconds). */
export class RetryLater extends HTTPException {
  constructor(
    readonly seconds: number,
    detail: string,
  ) {
    super(429, { message: detail });
  }
}

/** "field: rule" for the first problems of a zod failure, so a 422 names the field. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
