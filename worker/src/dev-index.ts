import app from "./app";
import { devRoutes } from "./features/dev/routes";
import worker from "./index";

// The entry `wrangler dev` and the worker tests run: the production Worker plus the development
// routes (demo seed, e-mail outbox). wrangler.toml's `main` stays worker/src/index.ts, so a deploy
// never bundles the demo data. Each dev route still answers 404 unless ENVIRONMENT says development.
app.route("/", devRoutes);

export { ChatThread } from "./index";
export default worker;
