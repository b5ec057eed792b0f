import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { i18nAliases } from "#client/i18n-aliases.ts";
import { devWatch } from "#client/vite-watch.ts";

const root = new URL(".", import.meta.url).pathname;
/** scripts/server.mjs gives each kind of run its own folder; `bun run build` writes dist/client. */
const outDir = `${process.env.AGORA_ASSETS_DIR ?? `${root}../dist/client`}/admin`;

// The admin SPA: built into the assets' admin/ folder, served at /admin/.
export default defineConfig({
  root,
  base: "/admin/",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
  ],
  resolve: { alias: i18nAliases },
  build: { outDir, emptyOutDir: true, sourcemap: false, watch: devWatch() },
});
