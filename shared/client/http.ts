import type { ErrorCode } from "#shared/error-codes.ts";

/**
 * An API failure: the status, the server's `code` (what code branches on), its `detail` (what a
 * person reads) and, for refused fields, each one's problem.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly fields: Readonly<Record<string, string>> | null = null,
    /** The whole answer, for refusals that say more than a detail (a trust limit's `limit`). */
    readonly data: unknown = null,
    /** Null when the answer was not the API's (a proxy's error page, a network failure). */
    readonly code: ErrorCode | null = null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = "ApiError";
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Query;
  /** A plain object goes as JSON; FormData as multipart; URLSearchParams as a form. */
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const BOOKMARK_HEADER = "x-d1-bookmark";
let lastBookmark = "";

/**
 * The newest database bookmark an answer gave this page, after keeping `next` when it is newer
 * (bookmarks sort by their place in time). Sent with every request, it lets the server read from a
 * nearby copy of the database and still show this person their own writes.
 */
function bookmark(next?: string | null): string {
  if (next && next > lastBookmark) lastBookmark = next;
  return lastBookmark;
}

/**
 * One request with a bearer token, JSON or form body, and `{"detail", "code"}` errors. `onUnauthorized`
 * runs when a request that carried a token answers 401: that session is over.
 */
export async function requestJson<T>(
  path: string,
  options: RequestOptions,
  token: string | null,
  onUnauthorized: () => void,
): Promise<T> {
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const sent = bookmark();
  if (sent) headers.set(BOOKMARK_HEADER, sent);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const res = await fetch(buildUrl(path, options.query), {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    signal: options.signal,
  });
  bookmark(res.headers.get(BOOKMARK_HEADER));
  const isJson = res.headers.get("content-type")?.includes("json") ?? false;
  if (res.ok) return (isJson && res.status !== 204 ? await res.json() : undefined) as T;
  const data: unknown = isJson ? await res.json().catch(() => null) : null;
  if (res.status === 401 && token) onUnauthorized();
  // The API's error answer is `{detail, code, fields?}`; a proxy's page or a failed network has none.
  // The code is the API's word (shared/src/error-codes.ts lists them); its list stays out of the
  // first screen's script, and a code this build does not know equals none it branches on.
  const answer = (data && typeof data === "object" ? data : {}) as { detail?: unknown; code?: unknown };
  const detail = answer.detail === undefined ? null : String(answer.detail);
  const code =
    typeof answer.code === "string" && /^[a-z_]+$/.test(answer.code) ? (answer.code as ErrorCode) : null;
  throw new ApiError(res.status, detail, fieldsOf(data), data, code);
}

/** The answer's `fields` (field name → problem), when it carries any. */
function fieldsOf(data: unknown): Record<string, string> | null {
  if (!data || typeof data !== "object" || !("fields" in data)) return null;
  const fields = data.fields;
  if (!fields || typeof fields !== "object") return null;
  const entries = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string");
  return entries.length ? Object.fromEntries(entries) : null;
}
