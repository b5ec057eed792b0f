import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { securityHeadersFile } from "./headers-plugin";

const root = new URL(".", import.meta.url).pathname;

// The main SPA: built into the assets root, served at /.
export default defineConfig({
  root,
  base: "/",
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: `${root}src/routes`,
      generatedRouteTree: `${root}src/routeTree.gen.ts`,
    }),
    react(),
    tailwindcss(),
    securityHeadersFile(),
  ],
  build: { outDir: `${root}../dist/client`, emptyOutDir: false, sourcemap: false },
  server: { proxy: { "/api": "http://localhost:8787", "/media": "http://localhost:8787" } },
});
