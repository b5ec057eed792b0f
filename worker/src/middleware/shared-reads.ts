import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { databaseChanges } from "../db/changes";
import type { AppEnv } from "../env";
import { BOOKMARK_HEADER } from "./database";

// One answer for everyone who is not signed in (docs/decisions/128). A public page (the feed, a
// post, its comments, a community, a profile, a search) reads the same for every visitor, so this
// isolate keeps each such answer for a second and gives it again instead of asking D1: a link
// shared widely costs the database one read per second per isolate, not one per visitor.
// An answer is given again only while it is exact for the asker:
// - nobody signed in (no Authorization header): a person's own view has their votes and blocks;
// - this isolate has not changed the database since the answer was read (`db/changes.ts`), so
//   every write made here, by anyone, shows at once;
// - the asker's bookmark is not newer than the answer's: a tab that has seen a later state of the
//   database (written elsewhere, or its own writes before signing out) reads from D1 again;
// - the asker did not send `Cache-Control: no-cache` (a reload that asks for the newest).
// Writes made through other isolates show within the second, as a read from a replica would.

/** How long an answer is given again. */
const SHARED_READ_MS = 1_000;
/** The answers kept at once, and their total size: a busy isolate keeps its most recent. */
const MAX_ANSWERS = 500;
const MAX_BYTES = 4 * 1024 * 1024;
/** A larger answer is not kept (no public page is near it). */
const MAX_ANSWER_BYTES = 256 * 1024;

interface Answer {
  body: string;
  /** When it was read (ms) and the database's change count then. */
  at: number;
  changes: number;
  /** The D1 bookmark the read ended at ("" when D1 gave none). */
  bookmark: string;
}

const answers = new Map<string, Answer>();
let bytes = 0;

function forget(key: string): void {
  const old = answers.get(key);
  if (!old) return;
  bytes -= old.body.length;
  answers.delete(key);
}

function keep(key: string, answer: Answer): void {
  forget(key);
  answers.set(key, answer);
  bytes += answer.body.length;
  // Oldest first: a Map iterates in the order its keys were set.
  for (const oldest of answers.keys()) {
    if (answers.size <= MAX_ANSWERS && bytes <= MAX_BYTES) break;
    forget(oldest);
  }
}

/**
 * Whether `answer` is exact for a request that has seen `sent` (its bookmark, or none). Bookmarks
 * are fixed-width hexadecimal positions, so the later one sorts last, as D1's own client compares them.
 */
function fresh(answer: Answer, sent: string | undefined, now: number): boolean {
  if (now - answer.at >= SHARED_READ_MS || answer.changes !== databaseChanges()) return false;
  return !sent || (answer.bookmark !== "" && sent.localeCompare(answer.bookmark) <= 0);
}

/**
 * Has the route's `c.json` hand over the text it answers: a kept answer is then not read back out
 * of its body and answered again (docs/decisions/238). `answered()` is that text while the
 * request's answer is the one it made, else undefined.
 */
function writtenText(c: Context<AppEnv>): { answered: () => string | undefined } {
  let text: string | undefined;
  let made: Response | undefined;
  // The routes kept answer with a status (`c.json(page, 200)`); Hono's body takes an init too.
  const json = (value: unknown, status?: ContentfulStatusCode, headers?: Record<string, string>) => {
    text = JSON.stringify(value);
    c.header("Content-Type", "application/json");
    made = c.body(text, status, headers);
    return made;
  };
  c.json = json as typeof c.json;
  return { answered: () => (made !== undefined && c.res === made ? text : undefined) };
}

/**
 * A public GET that reads the same for every visitor: answered again from this isolate while exact
 * (see above), read from D1 and kept otherwise. Says `X-Cache: HIT` or `MISS`.
 */
export const sharedRead = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET" || c.req.header("authorization")) return next();
  const key = c.req.url.slice(c.req.url.indexOf("/", 8));
  const sent = c.req.header(BOOKMARK_HEADER);
  const now = Date.now();
  const kept = answers.get(key);
  const reload = /no-cache/i.test(c.req.header("cache-control") ?? "");
  if (kept && !reload && fresh(kept, sent, now)) {
    c.header("X-Cache", "HIT");
    if (kept.bookmark) c.header(BOOKMARK_HEADER, kept.bookmark);
    return c.body(kept.body, 200, { "content-type": "application/json" });
  }
  const changes = databaseChanges();
  const written = writtenText(c);
  await next();
  c.res.headers.set("X-Cache", "MISS");
  const body = c.res.status === 200 ? written.answered() : undefined;
  if (body === undefined || body.length > MAX_ANSWER_BYTES) return;
  keep(key, { body, at: now, changes, bookmark: c.var.deps.db.bookmark() ?? "" });
});
