import type { Plugin } from "vite";
import { SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from "#worker/middleware/security-headers.ts";

/**
 * The main SPA's files are served by the assets layer without the Worker, so the same security
 * headers go into a `_headers` file, written from the Worker's own list. Strict-Transport-Security
 * too: the deployed assets are only served over https, and a browser ignores the header over http
 * (what `bun run dev` serves), so local runs are not pinned to https.
 */
export function securityHeadersFile(): Plugin {
  return {
    name: "agora-security-headers",
    apply: "build",
    generateBundle() {
      const headers = { ...SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
      const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
      this.emitFile({ type: "asset", fileName: "_headers", source: `/*\n${lines.join("\n")}\n` });
    },
  };
}
