// The entry of a built main site: index.html's module scripts and preloads, and every chunk those
// import statically (`import "./x.js"`, `import {…} from "./x.js"`), paths relative to `outDir`.
// Dynamic `import("./x.js")` loads on demand and is not part of it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function entryChunks(outDir) {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ].map((m) => m[1]);
  if (roots.length === 0) throw new Error("no module script in index.html");
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(join(outDir, file), "utf8");
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["'](\.\/[^"']+\.js)["']/g))
      walk(join(dirname(file), m[1]));
  };
  for (const file of roots) walk(file);
  return seen;
}
