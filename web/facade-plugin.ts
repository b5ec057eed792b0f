import type { Plugin } from "vite";

/** `export{t as RightSidebar}from"./right-sidebar-X.js";` — a lazy chunk that only re-exports another one. */
const FACADE = /^export\s*\{([^}]*)\}\s*from\s*["'`]\.\/([^"'`]+\.js)["'`];?\s*$/;

/**
 * When a lazily imported module is grouped into a bigger chunk (the sidebar with the Join button,
 * a feature's mutations), the bundler leaves a one-line chunk that re-exports it. Without Vite's preload helper the browser
 * would fetch that line, then the chunk it names: one round trip more before the first screen.
 * This points the `import()` straight at the real chunk and drops the one-liner.
 */
export function directLazyImports(): Plugin {
  return {
    name: "agora-direct-lazy-imports",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const [fileName, facade] of Object.entries(bundle)) {
        if (facade.type !== "chunk" || !facade.isDynamicEntry) continue;
        const match = FACADE.exec(facade.code);
        if (!match) continue;
        const base = fileName.split("/").pop() as string;
        const dir = fileName.slice(0, fileName.length - base.length);
        const target = match[2];
        if (!(`${dir}${target}` in bundle)) continue;
        // `t as component` → `component:m.t`; `x` → `x:m.x`.
        const fields = (match[1] ?? "")
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [local, exported = local] = part.split(/\s+as\s+/);
            return `${exported}:m.${local}`;
          });
        const call = new RegExp(
          `import\\((["'\`])\\./${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\1\\)`,
          "g",
        );
        const importers = Object.values(bundle).filter(
          (chunk) => chunk.type === "chunk" && chunk.dynamicImports.includes(fileName),
        );
        const rewrites = new Map<(typeof importers)[number], string>();
        for (const chunk of importers) {
          if (chunk.type !== "chunk") continue;
          const code = chunk.code.replace(call, `import("./${target}").then(m=>({${fields.join(",")}}))`);
          if (code !== chunk.code) rewrites.set(chunk, code);
        }
        // Only when every importer was found (same folder, the bundler's own `import()` form).
        if (rewrites.size === 0 || rewrites.size !== importers.length) continue;
        for (const [chunk, code] of rewrites) if (chunk.type === "chunk") chunk.code = code;
        delete bundle[fileName];
      }
    },
  };
}
