import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { devWatch } from "#client/vite-watch.ts";

const root = new URL(".", import.meta.url).pathname;

/**
 * mjml-browser (the template preview) finds the global object with `Function("return this")()`,
 * which a Content-Security-Policy without 'unsafe-eval' blocks and reports (the call is caught, the
 * fallback used). `globalThis` is that object: written so, nothing is reported and nothing changes.
 */
const mjmlWithoutEval: Plugin = {
  name: "mjml-browser-without-eval",
  transform(code, id) {
    if (!id.includes("/mjml-browser/")) return null;
    return { code: code.replace(/(?:new )?Function\("return this"\)\(\)/g, "globalThis"), map: null };
  },
};
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
    mjmlWithoutEval,
  ],
  build: { outDir, emptyOutDir: true, sourcemap: false, watch: devWatch() },
});
