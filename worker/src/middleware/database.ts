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

/**
 * Gives the request its one data handle (`c.var.deps`). In development and tests the answer tells
 * what it cost in D1: `X-D1-Rows-Read` for the whole request and `X-D1-List-Rows-Read` /
 * `-Returned` for the statement that read the page.
 */
export const database = createMiddleware<AppEnv>(async (c, next) => {
  const deps = createDeps(c.env, backgroundOf(c));
  c.set("deps", deps);
  await next();
  // A WebSocket upgrade's headers are fixed; nothing was metered on it anyway.
  if (!isDevelopment(c.env) || c.res.status === 101) return;
  const { reads } = deps.db;
  c.res.headers.set("X-D1-Rows-Read", String(reads.rowsRead));
  c.res.headers.set("X-D1-Rows-Returned", String(reads.rowsReturned));
  c.res.headers.set("X-D1-List-Rows-Read", String(reads.listRowsRead));
  c.res.headers.set("X-D1-List-Rows-Returned", String(reads.listRowsReturned));
});
