import { HTTPException } from "hono/http-exception";
import { accountRoutes } from "./features/accounts/routes/account";
import { googleRoutes } from "./features/accounts/routes/google";
import { userAuthRoutes } from "./features/accounts/routes/user-auth";
import { adminRoutes } from "./features/admin/routes";
import { chatRoutes } from "./features/chat/routes";
import { communitiesRoutes } from "./features/communities/routes";
import { communityModerationRoutes } from "./features/community-moderation/routes";
import { contentRoutes } from "./features/content/routes";
import { dataExportRoutes } from "./features/data-export/routes";
import { docsRoutes } from "./features/docs/routes";
import { feedsRoutes } from "./features/feeds/routes";
import { gettingStartedRoutes } from "./features/getting-started/routes";
import { healthRoutes } from "./features/health/routes";
import { jobsRoutes } from "./features/jobs/routes";
import { jobsAdminRoutes } from "./features/jobs/staff-routes";
import { liveRoutes } from "./features/live/routes";
import { mediaRoutes } from "./features/media/routes";
import { moderationRoutes } from "./features/moderation/routes";
import { mutedWordsRoutes } from "./features/muted-words/routes";
import { notificationsRoutes } from "./features/notifications/routes";
import { openWebRoutes } from "./features/open-web/routes";
import { paymentsRoutes } from "./features/payments/routes";
import { peopleRoutes } from "./features/people/routes";
import { postsRoutes } from "./features/posts/routes";
import { pushRoutes } from "./features/push/routes";
import { reactionsRoutes } from "./features/reactions/routes";
import { reportsRoutes } from "./features/reports/routes";
import { searchRoutes } from "./features/search/routes";
import { servicesRoutes } from "./features/services/routes";
import { spaRoutes } from "./features/spa/routes";
import { adminMfaRoutes, mfaRoutes } from "./features/two-factor/routes";
import { walletRoutes } from "./features/wallet/routes";
import { withEdgeRefusals } from "./lib/edge-refusals";
import { DomainError, type ErrorStatus, errorBody, RetryLater, refusalBody } from "./lib/errors";
import { createRouter } from "./lib/router";
import { optionalUser, requireAdmin, requireUser } from "./middleware/auth";
import { bodyLimits } from "./middleware/body-limit";
import { database } from "./middleware/database";
import { requestId } from "./middleware/request-id";
import { refuseUnsafeSecrets } from "./middleware/secrets";
import { securityHeaders } from "./middleware/security-headers";
import { sharedRead } from "./middleware/shared-reads";
import { refuseMalformedEncoding } from "./middleware/url-encoding";

/**
 * Public pages that read the same for every visitor: answered again for a second to those not
 * signed in while nothing changed (middleware/shared-reads.ts).
 */
const SHARED_READS = [
  "/api/v1/feed",
  "/api/v1/micropost",
  "/api/v1/micropost/comment/list",
  "/api/v1/community",
  "/api/v1/community/list",
  "/api/v1/community/micropost/list",
  "/api/v1/user",
  "/api/v1/user/micropost/list",
  "/api/v1/search",
  "/api/v1/featured/main/list",
];

/** The head of the OpenAPI document; the paths come from the routes' definitions. */
const DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Agora API",
    version: "1.0.0",
    description:
      'Communities, posts, chat, jobs and payments. Errors are {"detail": "...", "code": "..."}: `detail` is for people, `code` (one of the Error schema\'s enum) is for code to branch on; "fields" ({"name": "problem"}) is added when the refusal names fields.',
  },
};

/**
 * The OpenAPI document of an app made by createApp, as `/api/openapi.json` serves it; the SPAs'
 * typed client is generated from it (scripts/api-types.mjs, docs/decisions/182).
 * @public scripts/api-types.mjs imports it by a path knip does not follow.
 */
export function describeApi(app: ReturnType<typeof createRouter>) {
  return withEdgeRefusals(app.getOpenAPI31Document(DOCUMENT));
}

/**
 * The API with its middleware and every feature. `extra` routers are mounted after the features:
 * the development entry (worker/src/dev-index.ts) passes the development routes; the production
 * entry (worker/src/index.ts) passes none, so a deploy neither mounts nor bundles them.
 */
export function createApp(extra: ReturnType<typeof createRouter>[] = []) {
  const app = createRouter();

  // Bodies are limited before any route, validator or data handle sees them (413 past the limit).
  app.use("*", requestId, securityHeaders, refuseUnsafeSecrets, bodyLimits, refuseMalformedEncoding);
  app.use("/api/*", database);
  app.use("/api/v1/private/*", requireUser);
  app.use("/api/admin/private/*", requireAdmin);
  // A revoked token's public read is answered again as a visitor's (middleware/auth.ts).
  const viewerOrVisitor = optionalUser((c, request) => {
    let ctx: Parameters<typeof app.fetch>[2];
    try {
      ctx = c.executionCtx;
    } catch {
      ctx = undefined;
    }
    return Promise.resolve(app.fetch(request, c.env, ctx));
  });
  app.use("/api/v1/*", async (c, next) =>
    c.req.path.startsWith("/api/v1/private/") ? next() : viewerOrVisitor(c, next),
  );
  app.use("/api/webpage-preview", requireUser);
  for (const path of SHARED_READS) app.use(path, sharedRead);

  // Every feature is mounted in one chain so AppType describes the whole API for `hc<AppType>`.
  const routes = app
    .route("/", healthRoutes)
    .route("/", userAuthRoutes)
    .route("/", mfaRoutes)
    .route("/", accountRoutes)
    .route("/", googleRoutes)
    .route("/", adminRoutes)
    .route("/", adminMfaRoutes)
    .route("/", jobsAdminRoutes)
    .route("/", communitiesRoutes)
    .route("/", communityModerationRoutes)
    .route("/", postsRoutes)
    .route("/", feedsRoutes)
    .route("/", reactionsRoutes)
    .route("/", peopleRoutes)
    .route("/", gettingStartedRoutes)
    .route("/", searchRoutes)
    .route("/", notificationsRoutes)
    .route("/", pushRoutes)
    .route("/", mutedWordsRoutes)
    .route("/", dataExportRoutes)
    .route("/", reportsRoutes)
    .route("/", moderationRoutes)
    .route("/", contentRoutes)
    .route("/", chatRoutes)
    .route("/", liveRoutes)
    .route("/", jobsRoutes)
    .route("/", servicesRoutes)
    .route("/", paymentsRoutes)
    .route("/", walletRoutes)
    .route("/", docsRoutes)
    .route("/", mediaRoutes)
    .route("/", openWebRoutes)
    .route("/", spaRoutes);
  for (const more of extra) app.route("/", more);

  app.get("/api/openapi.json", (c) => c.json(describeApi(app)));
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });

  app.notFound((c) => c.json(refusalBody(404, `No such path: ${c.req.method} ${c.req.path}`), 404));

  app.onError((error, c) => {
    // The one place a refusal becomes an answer: `{detail, code, fields?}` with its status.
    if (error instanceof RetryLater) c.header("Retry-After", String(error.seconds));
    if (error instanceof DomainError) return c.json(errorBody(error), error.status);
    // Hono's own refusals (a body that is not JSON, ...).
    if (error instanceof HTTPException) {
      const status = error.status as ErrorStatus;
      return c.json(refusalBody(status, error.message || "Request failed"), status);
    }
    // Never a stack trace in an answer: it goes to the log with the request id.
    console.error(`[${c.get("requestId")}]`, error);
    return c.json(refusalBody(500, "Something went wrong on our side. Please try again."), 500);
  });
  return routes;
}

const app = createApp();

export default app;
