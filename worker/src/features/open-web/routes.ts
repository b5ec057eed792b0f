import type { Context } from "hono";
import { Hono } from "hono";
import { FEED_OPTIONS, type FeedOption } from "#shared/enums/feed.ts";
import type { AppEnv } from "#worker/env.ts";
import { database } from "#worker/middleware/database.ts";
import { BARE_SHELL, rewritePage } from "./html";
import { firstScreenMarkup } from "./markup";
import * as service from "./service";

// The open web's addresses (docs/decisions/132). wrangler.toml's `run_worker_first` sends these
// paths to the Worker before the static assets: the public pages get their head and first screen,
// private routes their `noindex`; robots.txt, the sitemaps and the feeds are answered here.

type C = Context<AppEnv>;

/** The built index.html, or a bare one when there is no build (tests, a fresh clone). */
async function shell(c: C): Promise<Response> {
  try {
    // The assets layer serves index.html at "/"; no request header is passed on (no 304 here).
    const built = await c.env.ASSETS.fetch(new Request(new URL("/", c.req.url)));
    if (built.ok && built.headers.get("content-type")?.includes("text/html")) return built;
  } catch {
    // No assets binding answer: the bare page below.
  }
  return new Response(BARE_SHELL, { headers: { "content-type": "text/html; charset=utf-8" } });
}

/** A path parameter of the route (always there: the route names it). */
const param = (c: C, name: string): string => c.req.param(name) ?? "";

/** Whether the reader is signed in: the SPA keeps its token in this cookie (web/src/lib/auth-token.ts). */
function signedIn(c: C): boolean {
  return /(?:^|;\s*)access_token=[^;\s]/.test(c.req.header("cookie") ?? "");
}

async function page(c: C, answer: service.PageAnswer | Promise<service.PageAnswer>): Promise<Response> {
  const { status, head, data } = await answer;
  return rewritePage(await shell(c), head, data, status, firstScreenMarkup(data));
}

/** Feeds, sitemaps and robots.txt: an ETag of the body, kept five minutes, 304 when unchanged. */
async function document(c: C, body: string | null, type: string): Promise<Response> {
  if (body === null) return c.json({ detail: "Not found" }, 404);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
  const etag = `"${[...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("")}"`;
  const headers = { etag, "cache-control": "public, max-age=300", "content-type": type };
  const sent = c.req.header("if-none-match") ?? "";
  const matches = sent
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .some((t) => t === etag || t === "*");
  if (matches) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
}

const ATOM = "application/atom+xml; charset=utf-8";
const XML = "application/xml; charset=utf-8";

/** The home feed's option from `?sort=`, as the SPA picks it for a visitor. */
function homeOption(sort: string | undefined): FeedOption {
  const wanted = sort?.toUpperCase();
  const option = FEED_OPTIONS.find((o) => o === wanted);
  return option === "TOP" || option === "VERIFIED" ? option : "NEW";
}

/** The SPA's private routes: answered with `noindex` (robots.txt disallows them too). */
const PRIVATE_ROUTES = [
  "/settings",
  "/settings/*",
  "/chat",
  "/chat/*",
  "/wallet",
  "/wallet/*",
  "/drafts",
  "/notifications",
  "/saved",
  "/post",
  "/jobs/manage",
  "/services/manage",
  "/account/*",
];

const router = new Hono<AppEnv>();
/** A GET with the request's data handle (not `use`: mounted at "/", it would reach every later route). */
const get = (path: string, handler: (c: C) => Response | Promise<Response>) =>
  router.get(path, database, handler);

get("/robots.txt", (c) => document(c, service.robotsTxt(c.var.deps), "text/plain; charset=utf-8"));
get("/sitemap.xml", async (c) => document(c, await service.sitemapIndex(c.var.deps), XML));
get("/sitemaps/:file", async (c) =>
  document(c, await service.sitemap(c.var.deps, param(c, "file"), Date.now()), XML),
);
get("/jobs/feed.xml", async (c) => document(c, await service.jobsAtom(c.var.deps, Date.now()), ATOM));
get("/c/:name/feed.xml", async (c) =>
  document(c, await service.communityAtom(c.var.deps, param(c, "name")), ATOM),
);
get("/user/:username/feed.xml", async (c) =>
  document(c, await service.personAtom(c.var.deps, param(c, "username")), ATOM),
);
get("/", (c) => page(c, service.homePage(c.var.deps, homeOption(c.req.query("sort")), !signedIn(c))));
get("/c/:name", (c) => page(c, service.communityPage(c.var.deps, param(c, "name"), !signedIn(c))));
get("/c/:name/p/:publicId", (c) => page(c, service.postPage(c.var.deps, param(c, "publicId"), !signedIn(c))));
get("/c/:name/p/:publicId/:slug", (c) =>
  page(c, service.postPage(c.var.deps, param(c, "publicId"), !signedIn(c))),
);
get("/user/:username", (c) => page(c, service.profilePage(c.var.deps, param(c, "username"), !signedIn(c))));
get("/job/:username/:slug", (c) =>
  page(c, service.jobPage(c.var.deps, param(c, "username"), param(c, "slug"), Date.now())),
);
get("/service/:username/:slug", (c) =>
  page(c, service.servicePage(c.var.deps, param(c, "username"), param(c, "slug"))),
);
// The blog's feed is its `feed.xml` (no article's slug has a dot): one route, so every route of the
// app compiles into one regular expression (docs/decisions/232).
get("/blog/:slug", async (c) =>
  param(c, "slug") === "feed.xml"
    ? document(c, await service.blogAtom(c.var.deps, Date.now()), ATOM)
    : page(c, service.blogPage(c.var.deps, param(c, "slug"), Date.now())),
);

for (const path of PRIVATE_ROUTES) get(path, (c) => page(c, service.privatePage(c.var.deps)));

// The other pages under the paths the Worker answers first (a community's members, a person's
// followers…): the built page as it is, for the SPA to route.
for (const path of ["/c/*", "/user/*", "/job/*", "/service/*", "/blog/*"])
  get(path, async (c) => {
    const built = await shell(c);
    return new Response(built.body, { status: 200, headers: new Headers(built.headers) });
  });

export const openWebRoutes = router;
