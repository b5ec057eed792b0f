import { createApp } from "./app";
import { devRoutes } from "./dev/routes";
import worker from "./index";

// The entry the local server (scripts/server.mjs) and the worker tests (worker/vitest.config.ts) run:
// the production Worker plus the development routes (demo seed, e-mail outbox). wrangler.toml's
// `main` stays worker/src/index.ts, so a deploy never bundles the demo data;
// scripts/check-deploy-config.mjs fails if it does. Each dev route still answers 404 unless
// ENVIRONMENT says development.
export const app = createApp([devRoutes]);

export { ChatThread, Inbox, PostWatchers } from "./index";
export default { ...worker, fetch: app.fetch } satisfies typeof worker;
