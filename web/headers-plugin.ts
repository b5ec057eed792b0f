import type { Plugin } from "vite";
import { SECURITY_HEADERS } from "#worker/middleware/security-headers.ts";

/**
 * The main SPA's files are served by the assets layer without the Worker, so the same security
 * headers go into a `_headers` file, written from the Worker's own list.
 */
export function securityHeadersFile(): Plugin {
  return {
    name: "agora-security-headers",
    apply: "build",
    generateBundle() {
      const lines = Object.entries(SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
      this.emitFile({ type: "asset", fileName: "_headers", source: `/*\n${lines.join("\n")}\n` });
    },
  };
}
