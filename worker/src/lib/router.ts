import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorSchema as errorJson } from "#shared/api.ts";
import { z } from "#shared/zod-jitless.ts";
import type { AppEnv } from "../env";
import { fail, failValidation } from "./errors";

/** A feature's router: zod failures become a 422 whose detail names the field and whose `fields` hold each. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      // Thrown, so the one handler at the edge answers it like every other refusal.
      if (!result.success) failValidation(result.error as z.ZodError);
    },
  });
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"] as const;

/** A request body accepted as JSON and as a form alike (the API's rule for a "body"). Read it with `readBody`. */
export function jsonOrForm<T extends z.ZodType>(schema: T, description?: string) {
  return {
    description,
    required: false,
    content: {
      "application/json": { schema },
      [FORM_TYPES[0]]: { schema },
      [FORM_TYPES[1]]: { schema },
    },
  } as const;
}

/** A form or multipart body. */
export function formBody<T extends z.ZodType>(schema: T, description?: string) {
  return {
    description,
    required: false,
    content: { [FORM_TYPES[0]]: { schema }, [FORM_TYPES[1]]: { schema } },
  } as const;
}

/** A multipart body (uploads). */
export function multipartBody<T extends z.ZodType>(schema: T, description?: string) {
  return { description, required: false, content: { [FORM_TYPES[1]]: { schema } } } as const;
}

/** The validated body, whichever content type carried it; 415 when none did. */
export function readBody<T>(c: Context): T {
  const req = c.req as unknown as { valid: (target: "json" | "form") => T | undefined };
  // zod-openapi stores `{}` for each content type a request did not use, so the request's own
  // content type decides which validated body is the real one.
  const type = c.req.header("content-type") ?? "";
  const target = /^application\/(?:[\w.+-]+\+)?json/i.test(type)
    ? "json"
    : /^(?:application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)
      ? "form"
      : null;
  const body = target ? req.valid(target) : undefined;
  if (body === undefined) fail(415, "Send the body as JSON or as a form");
  return body;
}

/** Files show as binary in the OpenAPI document (zod alone cannot say it). */
export const binary = { type: "string", format: "binary" } as const;

/** The query of a DELETE of a job or service: "username" and "slug" may come in it instead of the body. */
export const optionalKey = z.object({ username: z.string().optional(), slug: z.string().optional() });

/** "username" and "slug" of a DELETE of a job or service, from the query or from a JSON or form body. */
export function keyFrom<T>(c: Context, schema: z.ZodType<T>): T {
  const query = { username: c.req.query("username"), slug: c.req.query("slug") };
  const raw = query.slug !== undefined ? query : readBody<Record<string, unknown>>(c);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) failValidation(parsed.error);
  return parsed.data;
}

/** The validated multipart body of an upload; 415 when the request carried none. */
export function readMultipart<T>(c: Context): T {
  const req = c.req as unknown as { valid: (target: "form") => T | undefined };
  const type = c.req.header("content-type") ?? "";
  const body = /^multipart\/form-data/i.test(type) ? req.valid("form") : undefined;
  if (body === undefined) fail(415, "Send the file as multipart/form-data");
  return body;
}

/** A route's `security` when it needs the signed-in bearer token, for the OpenAPI document. */
export const security = [{ bearer: [] }];

/** A JSON answer for a route's `responses`: `200: json(schema, "The post")`. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

/**
 * A named component (a schema with a `meta` id) or null. `.nullable()` on such a schema is
 * documented as `allOf: [component, {type: [object, null]}]`, which no null can match (null is not
 * the component); a union documents it as one or the other.
 */
export function nullableRef<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

/** The error answers a route may give, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const described: Record<number, string> = {
    400: "Bad request",
    401: "No or bad token",
    403: "Not allowed",
    404: "Not found",
    409: "Conflict",
    413: "Too large",
    415: "Wrong media type",
    422: "Validation failed: the detail names the field; `fields` maps each refused field to its problem",
    426: "Not a WebSocket upgrade",
    429: "Rate limited",
    503: "A provider is not configured (code `not_configured`) or not answering (`unavailable`)",
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: described[s] ?? "Error", content: { "application/json": { schema: errorJson } } },
    ]),
  );
}
