import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { i18nAliases } from "#client/i18n-aliases.ts";
import { devWatch } from "#client/vite-watch.ts";
import { securityHeadersFile } from "./headers-plugin.ts";

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
  ],
  resolve: { alias: i18nAliases },
  build: {
    outDir,
    emptyOutDir: false,
    watch: devWatch(),
    sourcemap: false,
    // Every browser the product supports preloads modules natively.
    modulePreload: { polyfill: false },
    // Everything the first paint needs goes into one chunk. Left to itself the bundler cuts the
    // modules that lazy pages also use into dozens of small shared chunks (42 at one point), each
    // fetched up front and compressed apart: ~20 KB gzip more for the same code.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } } },
  },
  server: { proxy: { "/api": "http://localhost:8787", "/media": "http://localhost:8787" } },
});
