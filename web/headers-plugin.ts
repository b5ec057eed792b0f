import type { Plugin } from "vite";
import {
  IMMUTABLE_CACHE,
  SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "#worker/middleware/security-headers.ts";

/**
 * The main SPA's files are served by the assets layer without the Worker, so the same security
 * headers go into a `_headers` file, written from the Worker's own list. Strict-Transport-Security
 * too: the deployed assets are only served over https, and a browser ignores the header over http
 * (what `bun run dev` serves), so local runs are not pinned to https.
 *
 * The built scripts and styles under /assets/ carry a hash of their content in their names, so a
 * browser keeps them without asking again: the assets layer's default (`max-age=0,
 * must-revalidate`) cost one round trip per chunk on every page load, and a lazy page's chunks
 * load one after the other.
 */
export function securityHeadersFile(): Plugin {
  return {
    name: "agora-security-headers",
    apply: "build",
    generateBundle() {
      const headers = { ...SECURITY_HEADERS, "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
      const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
      const source = `/*\n${lines.join("\n")}\n/assets/*\n  Cache-Control: ${IMMUTABLE_CACHE}\n`;
      this.emitFile({ type: "asset", fileName: "_headers", source });
    },
  };
}
