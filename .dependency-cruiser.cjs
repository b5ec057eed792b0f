// The layering the code keeps (docs/decisions/138), checked by dependency-cruiser as a step of
// `bun run test` (scripts/test.mjs): `depcruise worker/src web/src admin/src shared --ignore-known`. The imports
// that broke a rule when it came are listed in .dependency-cruiser-known-violations.json, and the
// list only shrinks: a new violation fails, and so does a listed one that no longer happens. After
// removing one, shrink the list with
//   bunx depcruise worker/src web/src admin/src shared --config .dependency-cruiser.cjs --baseline --baseline-mode shrink-only
// Never add to it by hand or with another mode: move the shared piece down instead.

/** A feature's own folder, from a path under `features/`. */
const WORKER_FEATURE = "^worker/src/features/([^/]+)/";
const WEB_FEATURE = "^web/src/features/([^/]+)/";
/** Tests set up data through several features; they are no part of the layering. */
const TESTS = "\\.test\\.tsx?$";
/** A cycle of imports that are only types costs nothing at run time and orders nothing. */
const RUNTIME_ONLY = { dependencyTypesNot: ["type-only"] };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "worker-features-do-not-import-each-other",
      comment:
        "A feature reaches another through what moved down (worker/src/lib/, db/) or through an interface on deps (worker/src/deps.ts), not by importing it.",
      severity: "error",
      // No exception: the development routes that seed every feature's demo data are no feature
      // (worker/src/dev/, beside the dev entry), and the open web's pages ask posts through deps
      // (docs/decisions/199).
      from: { path: WORKER_FEATURE, pathNot: TESTS },
      to: {
        path: "^worker/src/features/",
        pathNot: ["^worker/src/features/$1/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "worker-no-cycles",
      comment: "No module of the worker reaches itself through its imports.",
      severity: "error",
      from: { path: "^worker/src/", pathNot: TESTS },
      to: { circular: true, viaOnly: RUNTIME_ONLY },
    },
    {
      name: "worker-lib-and-db-below-features",
      comment: "worker/src/lib/ and worker/src/db/ are what features stand on: they import no feature.",
      severity: "error",
      from: { path: "^worker/src/(lib|db)/", pathNot: TESTS },
      to: { path: "^worker/src/features/" },
    },
    {
      name: "the-spas-do-not-import-each-other",
      comment:
        "What the main site and the admin site share lives in shared/client/ (its UI kit in shared/client/ui/), never in one of them.",
      severity: "error",
      from: { path: "^(web|admin)/src/" },
      to: { path: "^(web|admin)/src/", pathNot: ["^$1/src/"] },
    },
    {
      name: "shared-below-the-apps",
      comment: "shared/ is what the Worker and both SPAs stand on: it imports none of them.",
      severity: "error",
      from: { path: "^shared/", pathNot: TESTS },
      to: { path: "^(worker|web|admin)/src/" },
    },
    {
      name: "web-features-do-not-import-each-other",
      comment:
        "What two features of the web app share moves down (web/src/lib/, web/src/components/); a lazy import counts too.",
      severity: "error",
      from: { path: WEB_FEATURE, pathNot: TESTS },
      to: {
        path: "^web/src/features/",
        pathNot: ["^web/src/features/$1/"],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "web-no-feature-cycles",
      comment:
        "No module of a web feature reaches itself through its static imports. The modal registry (web/src/modal-registry.tsx) names every dialog through a lazy import, and a lazy import orders no evaluation, so those are not followed.",
      severity: "error",
      from: { path: WEB_FEATURE, pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only", "dynamic-import"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "routeTree\\.gen\\.ts$"] },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with; swc parses instead.
    parser: "swc",
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "worker", "browser", "default"],
    },
    baseline: { staleEntriesSeverity: "error" },
    cache: false,
  },
};
