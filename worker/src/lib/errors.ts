import type { ErrorCode, StatusCode } from "#shared/error-codes.ts";
import type { z } from "#shared/zod-jitless.ts";

/** The statuses a refusal may carry (4xx and 5xx; never 1xx, 2xx, 3xx or a bodiless one). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 426 | 429 | 500 | 502 | 503;

export type { ErrorCode };

/** The code of a refusal that names nothing more particular than its status. */
const STATUS_CODE: Record<ErrorStatus, StatusCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "gone",
  413: "too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  426: "upgrade_required",
  429: "rate_limited",
  500: "internal",
  502: "bad_gateway",
  503: "not_configured",
};

/** The body of an error answer: `{detail, code}`, with `fields` when the refusal names any. */
export type ErrorBody = { detail: string; code: ErrorCode; fields?: Record<string, string> };

/**
 * The body of an error answer made outside the app's edge (middleware that answers before any
 * route, the edge's own fallbacks): the same `{detail, code}` a thrown `DomainError` gets.
 */
export function refusalBody(status: ErrorStatus, detail: string, code?: ErrorCode): ErrorBody {
  // A status outside the list (Hono's own refusals may carry any) still gets a code.
  return { detail, code: code ?? STATUS_CODE[status] ?? (status >= 500 ? "internal" : "bad_request") };
}

/** A Durable Object's own refusal, answered without the app: `{detail, code}` with the status. */
export function refusalResponse(status: ErrorStatus, detail: string, code?: ErrorCode): Response {
  return Response.json(refusalBody(status, detail, code), { status });
}

export interface FailOptions {
  /** The request field the refusal is about: the answer's detail starts with "field: ". */
  field?: string;
  /** Several fields at once (a schema's failure), each with its first problem. */
  fields?: Record<string, string>;
  /** What happened, for clients that act on it (`step_up_required`, …); else the status's code. */
  code?: ErrorCode;
  /** More the client shows beside the detail (a trust limit's `limit`, a sign-in's `suspension`). */
  extra?: Record<string, unknown>;
}

/**
 * A refusal as data: the status, a code, the detail a person reads and, for a refused field, its
 * name. Services throw it; the edge (app.onError) alone turns it into `{detail, code, fields?}`.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** The answer's `detail`: "field: message" when one field was named, else the message. */
  readonly detail: string;
  readonly field: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    options: FailOptions = {},
  ) {
    const detail = options.field ? `${options.field}: ${message}` : message;
    super(detail);
    this.name = "DomainError";
    this.code = options.code ?? STATUS_CODE[status];
    this.detail = detail;
    this.field = options.field;
    this.fields = options.field ? { [options.field]: message, ...options.fields } : options.fields;
    this.extra = options.extra;
  }
}

/** Stops the request with `{"detail", "code"}` and the status (`fields` too when a field is named). */
export function fail(status: ErrorStatus, detail: string, options?: FailOptions): never {
  throw new DomainError(status, detail, options);
}

/** A 429 that tells the client when to try again (`Retry-After`, in seconds). */
export class RetryLater extends DomainError {
  constructor(
    readonly seconds: number,
    detail: string,
    extra?: Record<string, unknown>,
  ) {
    super(429, detail, extra ? { extra } : {});
  }
}

/** "field: rule" for the first problems of a zod failure, so a 422 names the field. */
function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Each refused field of a zod failure (its dotted path) with its first problem. */
function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (!issue.path.length) continue;
    const path = issue.path.join(".");
    fields[path] ??= issue.message;
  }
  return fields;
}

/** A 422 for a zod failure: the detail names the first problems, `fields` each refused field. */
export function failValidation(error: z.ZodError): never {
  const fields = zodFields(error);
  throw new DomainError(422, describeZodError(error), Object.keys(fields).length ? { fields } : {});
}

/** The JSON body of a refusal: `{detail, code}`, with `fields` when the refusal names any. */
export function errorBody(error: DomainError): ErrorBody & Record<string, unknown> {
  const body: ErrorBody = { detail: error.detail || "Request failed", code: error.code };
  if (error.fields) body.fields = error.fields;
  return { ...error.extra, ...body };
}
