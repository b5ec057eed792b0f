import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createDeps } from "../deps";
import { type AppEnv, isDevelopment } from "../env";

/** The request's `waitUntil`, when it runs with one (a direct `app.fetch` in a test may not). */
function backgroundOf(c: Context<AppEnv>): ((work: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx;
    return (work) => ctx.waitUntil(work);
  } catch {
    return undefined;
  }
}

/** The header that carries a D1 bookmark both ways. */
export const BOOKMARK_HEADER = "x-d1-bookmark";

/** D1's bookmark: four dash-separated hex fields (a sortable position in the database's history). */
const BOOKMARK = /^[0-9a-f]{1,16}(?:-[0-9a-f]{1,64}){3}$/i;

/**
 * Where the request's D1 session starts. The client's last bookmark, when it sent a well-formed
 * one: the person reads at least what their earlier answers wrote, even from a replica. Without
 * it a read starts anywhere (the nearest replica) and anything else starts on the primary, so the
 * checks a write makes before it writes see every earlier write. A malformed bookmark counts as
 * none: it is the client's hint, never a reason to refuse.
 */
export function sessionStart(method: string, sent: string | undefined): string {
  if (sent && sent.length <= 200 && BOOKMARK.test(sent)) return sent;
  return method === "GET" || method === "HEAD" ? "first-unconstrained" : "first-primary";
}

/**
 * Gives the request its one data handle (`c.var.deps`), in a D1 session that starts from the
 * bookmark the client sent; the answer carries the session's bookmark (`x-d1-bookmark`) for the
 * client's next request. In development and tests the answer also tells what it cost in D1:
 * `X-D1-Calls` (round trips), `X-D1-Statements` (statements sent), `X-D1-Rows-Read` for the whole request and `X-D1-List-Rows-Read` /
 * `-Returned` for the statement that read the page.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const deps = createDeps(c.env, backgroundOf(c), sessionStart(c.req.method, c.req.header(BOOKMARK_HEADER)));
  c.set("deps", deps);
  await next();
  // A WebSocket upgrade's headers are fixed; nothing was metered on it anyway.
  if (c.res.status === 101) return;
  const headers: Record<string, string> = {};
  const bookmark = deps.db.bookmark();
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  if (isDevelopment(c.env)) {
    const { reads } = deps.db;
    headers["X-D1-Calls"] = String(deps.db.calls);
    headers["X-D1-Statements"] = String(deps.db.statements);
    headers["X-D1-Rows-Read"] = String(reads.rowsRead);
    headers["X-D1-Rows-Returned"] = String(reads.rowsReturned);
    headers["X-D1-List-Rows-Read"] = String(reads.listRowsRead);
    headers["X-D1-List-Rows-Returned"] = String(reads.listRowsReturned);
  }
  if (Object.keys(headers).length === 0) return;
  // An answer passed through from a binding can have fixed headers: copy it once to add ours.
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    c.res = copy;
  }
});
