import type { Plugin } from "vite";

const HELPER_ID = "\0vite/preload-helper.js";

/**
 * Vite wraps every `import()` in `__vitePreload(load, deps)`, which fetches the chunk's stylesheets
 * and dependencies first, then reports a failure as `vite:preloadError` (lib/stale-chunk.ts reloads
 * the page on it). This site has nothing for it to fetch: no module preloading, and one stylesheet
 * linked by index.html (`cssCodeSplit: false`). What is left is the failure event, so the helper
 * becomes that alone (~0.4 KB gzip less on the first load, docs/decisions/093). The build fails if
 * an import ever gets dependencies again, instead of silently not loading them.
 */
export function leanPreloadHelper(): Plugin {
  return {
    name: "agora-lean-preload-helper",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id !== HELPER_ID) return null;
      return `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event("vite:preloadError", { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
});`;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.code.includes("__vite__mapDeps"))
          this.error(
            `${chunk.fileName}: an import() has dependencies to preload, which the lean preload helper ignores (web/preload-plugin.ts)`,
          );
      }
    },
  };
}
