import type { BuildOptions } from "vite";

/**
 * `build.watch` of both SPAs: on when `bun run dev` asks for it (AGORA_WATCH=1, scripts/server.mjs).
 * node_modules is not watched: `bun install` hard-links packages from its cache, so an install in
 * any checkout on the machine changes the link count of our files there, and the watcher took each
 * such attribute change for an edit (a rebuild, then a Worker reload that dropped chat sockets).
 */
export function devWatch(): BuildOptions["watch"] {
  return process.env.AGORA_WATCH === "1" ? { exclude: [/[\\/]node_modules[\\/]/], clearScreen: false } : null;
}
