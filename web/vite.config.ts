import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { devWatch } from "#client/vite-watch.ts";
import { securityHeadersFile } from "./headers-plugin.ts";
import { leanPreloadHelper } from "./preload-plugin.ts";

const root = new URL(".", import.meta.url).pathname;
/** scripts/server.mjs gives each kind of run its own folder; `bun run build` writes dist/client. */
const outDir = process.env.AGORA_ASSETS_DIR ?? `${root}../dist/client`;

// The main SPA: built into the assets root, served at /.
export default defineConfig({
  root,
  base: "/",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      // A route's loader goes with its page: whatever the loader imports (query modules, schemas)
      // then stays out of the first load, and one request brings both.
      codeSplittingOptions: {
        defaultBehavior: [["loader", "component"], ["errorComponent"], ["notFoundComponent"]],
      },
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
    securityHeadersFile(),
    leanPreloadHelper(),
  ],
  resolve: {
    alias: [
      // TanStack Store asks for the shim that back-fills useSyncExternalStore for React < 18; the
      // package's plain build uses React 19's own (~0.6 KB gzip less on the first load).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: false,
    watch: devWatch(),
    sourcemap: false,
    // No preload helper: Vite's `__vitePreload` and its table of every lazy chunk's dependencies
    // were ~2.7 KB gzip of the first load. A lazy chunk's own imports are then fetched once it
    // arrives (one round trip more on a later navigation); the home route is in the entry, so the
    // first screen does not wait on that (docs/decisions/092, 093).
    modulePreload: false,
    // One stylesheet, linked by index.html. Split per chunk, every lazy import carried the entry's
    // stylesheet as a dependency, and with it Vite's loader for it (~0.5 KB gzip of the first load);
    // the one library stylesheet (uPlot's) comes with its chart instead (docs/decisions/093).
    cssCodeSplit: false,
    // Everything the first paint needs goes into one chunk. Left to itself the bundler cuts the
    // modules that lazy pages also use into dozens of small shared chunks (42 at one point), each
    // fetched up front and compressed apart: ~20 KB gzip more for the same code.
    // The home route is not split from it (routes/index.tsx): the feed's cards are the first
    // screen, and in one file with the rest they gzip better and arrive without a round trip more.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "initial", tags: ["$initial"], priority: 2 },
            // The wide layout's sidebar lists top communities with their Join buttons: one file.
            // Rolldown leaves a one-line chunk re-exporting the sidebar from it (one per grouped
            // lazy import; ~0.1 KB gzip, one request more before the sidebar shows; the feed does
            // not wait for it). No plugin edits the bundler's output to drop it (docs/decisions/102).
            {
              name: "right-sidebar",
              test: /web\/src\/(components\/layout\/right-sidebar|features\/communities\/components\/join-button)\.tsx/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:8787", "/media": "http://localhost:8787" } },
});
