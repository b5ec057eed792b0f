import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MB } from "#shared/constants.ts";
import type { AppEnv } from "../env";
import { refusalBody } from "../lib/errors";

// How large a request body may be, decided before anything reads it (docs/decisions/094). A
// declared Content-Length over the limit is answered at once; a body without one (chunked) is
// counted as it streams and cut off at the limit, so no route ever holds more than its limit.

/** Every JSON, form or multipart body without a file: the largest fields are a few thousand characters. */
export const BODY_MAX_BYTES = 64 * 1024;

/**
 * Long text: post and comment bodies (100,000 characters of HTML), blog bodies (100,000), e-mail
 * templates (200,000 characters of MJML, up to 3 bytes each in UTF-8 plus JSON escapes), and the
 * payment providers' webhook events, whose size is theirs to choose.
 */
export const LONG_TEXT_BODY_MAX_BYTES = 1 * MB;

/**
 * Uploads: the largest file (a 5 MB résumé; three 1 MB service images; two 1 MB profile pictures)
 * with its form fields. Each file's own limit answers below it with the route's message.
 */
export const UPLOAD_BODY_MAX_BYTES = 8 * MB;

const USER = "/api/v1/private/user";
const ADMIN = "/api/admin/private";

/** "METHOD path" of every route that takes a file. */
export const UPLOAD_ROUTES: readonly string[] = [
  `POST ${USER}/micropost`,
  `PATCH ${USER}/micropost/draft`,
  `PATCH ${USER}/micropost/draft/publish`,
  `POST ${USER}/file/upload`,
  `POST ${USER}/chat/image`,
  `POST ${USER}/community`,
  `PATCH ${USER}/community`,
  `PATCH ${USER}/profile`,
  `POST ${USER}/job`,
  "POST /api/v1/user/resume",
  `POST ${USER}/service`,
  `PATCH ${USER}/service`,
  `POST ${ADMIN}/file`,
];

/** "METHOD path" of the routes that take long text but no file. */
export const LONG_TEXT_ROUTES: readonly string[] = [
  `PATCH ${USER}/micropost`,
  `POST ${USER}/micropost/comment`,
  `PATCH ${USER}/micropost/comment`,
  `POST ${ADMIN}/admin/blog`,
  `PATCH ${ADMIN}/admin/blog`,
  `POST ${ADMIN}/email/template`,
  `PATCH ${ADMIN}/email/template`,
  "POST /api/v1/payment/stripe/webhook",
  "POST /api/v1/payment/paypal/webhook",
];

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

function limit(maxSize: number, detail: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => c.json(refusalBody(413, detail), 413) });
}

const general = limit(BODY_MAX_BYTES, `The request body is too large: at most ${kb(BODY_MAX_BYTES)} here`);
const longText = limit(
  LONG_TEXT_BODY_MAX_BYTES,
  `The request body is too large: at most ${LONG_TEXT_BODY_MAX_BYTES / MB} MB here`,
);
const upload = limit(
  UPLOAD_BODY_MAX_BYTES,
  `The upload is too large: send at most ${UPLOAD_BODY_MAX_BYTES / MB} MB`,
);

const uploads = new Set(UPLOAD_ROUTES);
const longTexts = new Set(LONG_TEXT_ROUTES);

/** The limit of this request's route: an upload's, long text's, or the general one. */
export function bodyLimitOf(method: string, path: string): number {
  const key = `${method.toUpperCase()} ${path}`;
  if (uploads.has(key)) return UPLOAD_BODY_MAX_BYTES;
  if (longTexts.has(key)) return LONG_TEXT_BODY_MAX_BYTES;
  return BODY_MAX_BYTES;
}

/**
 * The request as it is, less an empty body: a POST without one (a follow, a join) arrives with
 * `Content-Length: 0` and an empty stream, and the router, seeing no Content-Type, would copy the
 * request and read that stream through to learn it is empty (docs/decisions/228).
 */
function withoutEmptyBody(request: Request): Request {
  if (request.body === null || request.headers.get("content-length") !== "0") return request;
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    redirect: request.redirect,
  });
}

/** Every route's body limit, 413 `{"detail"}` past it. */
export const bodyLimits: MiddlewareHandler<AppEnv> = (c, next) => {
  c.req.raw = withoutEmptyBody(c.req.raw);
  const max = bodyLimitOf(c.req.method, c.req.path);
  const middleware =
    max === UPLOAD_BODY_MAX_BYTES ? upload : max === LONG_TEXT_BODY_MAX_BYTES ? longText : general;
  return middleware(c, next);
};
