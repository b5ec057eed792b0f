import { env, exports } from "cloudflare:workers";
import { createDeps, type Deps } from "#worker/deps.ts";
import { checkAgainstDocument } from "./openapi-check";

// Calling the Worker as a browser or API client would, and reading its answers. Tests see the
// app only through `api`, except where they set up or inspect rows (`deps`, `env.DB`). Every
// answer is held against the OpenAPI document on the way (openapi-check.ts).

export { env };

export async function api(path: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`http://localhost${path}`, init);
  const response = await exports.default.fetch(request);
  // A socket that opened (101) has no HTTP body to describe or to copy.
  if (response.status !== 101) await checkAgainstDocument(request, response.clone());
  return response;
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The `detail` of an error answer: what the person is told. */
export async function detail(res: Response): Promise<string> {
  return (await json<{ detail: string }>(res)).detail;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function form(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
}

export function jsonBody(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** D1's cost of an answer, from the development headers (middleware/database.ts). */
export function reads(res: Response) {
  const n = (name: string) => Number(res.headers.get(name));
  return {
    /** Round trips to D1 (each statement on its own or each batch counts one). */
    calls: n("x-d1-calls"),
    /** Statements sent, the token check's included (a write's all run on the primary). */
    statements: n("x-d1-statements"),
    total: n("x-d1-rows-read"),
    returned: n("x-d1-rows-returned"),
    list: n("x-d1-list-rows-read"),
    listReturned: n("x-d1-list-rows-returned"),
  };
}

/** The data handle and bindings the Worker's own code gets: for rows a test sets up or inspects. */
export const deps: Deps = createDeps(env);
