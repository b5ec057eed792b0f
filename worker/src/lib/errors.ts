import type { z } from "#shared/zod-jitless.ts";

/** The statuses a refusal may carry (4xx and 5xx; never 1xx, 2xx, 3xx or a bodiless one). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 426 | 429 | 500 | 502 | 503;

/** A short, stable name of what went wrong, for code that branches on it. */
export type ErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "too_large"
  | "unsupported_media_type"
  | "validation"
  | "upgrade_required"
  | "rate_limited"
  | "internal"
  | "bad_gateway"
  | "not_configured";

const CODES: Record<ErrorStatus, ErrorCode> = {
  400: "bad_request",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "gone",
  413: "too_large",
  415: "unsupported_media_type",
  422: "validation",
  426: "upgrade_required",
  429: "rate_limited",
  500: "internal",
  502: "bad_gateway",
  503: "not_configured",
};

export interface FailOptions {
  /** The request field the refusal is about: the answer's detail starts with "field: ". */
  field?: string;
  /** Several fields at once (a schema's failure), each with its first problem. */
  fields?: Record<string, string>;
  code?: ErrorCode;
  /** More the client shows beside the detail (a trust limit's `limit`, a sign-in's `suspension`). */
  extra?: Record<string, unknown>;
}

/**
 * A refusal as data: the status, a code, the detail a person reads and, for a refused field, its
 * name. Services throw it; the edge (app.onError) alone turns it into `{detail, fields?}`.
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
    this.code = options.code ?? CODES[status];
    this.detail = detail;
    this.field = options.field;
    this.fields = options.field ? { [options.field]: message, ...options.fields } : options.fields;
    this.extra = options.extra;
  }
}

/** Stops the request with `{"detail": detail}` and the status (`fields` too when a field is named). */
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
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Each refused field of a zod failure (its dotted path) with its first problem. */
export function zodFields(error: z.ZodError): Record<string, string> {
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

/** The JSON body of a refusal: `{detail}`, with `fields` when the refusal names any. */
export function errorBody(error: DomainError): { detail: string; fields?: Record<string, string> } {
  const detail = error.detail || "Request failed";
  return { ...error.extra, ...(error.fields ? { detail, fields: error.fields } : { detail }) };
}
