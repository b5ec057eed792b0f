import type { Bindings } from "#worker/env.ts";
import { decodeEntities } from "#worker/lib/plain-text.ts";
import type { Rendered } from "../../renderer/index";

// MJML becomes HTML in the renderer Worker (worker/renderer/), reached through the service binding
// MJML, so this Worker does not carry mjml-browser (docs/decisions/104).

export type { Rendered };

/**
 * The template's HTML or the first problem MJML found; `null` when the renderer could not be
 * reached (the caller decides: a save keeps no HTML, a send answers 503).
 */
export async function renderMjml(env: Pick<Bindings, "MJML">, mjml: string): Promise<Rendered | null> {
  try {
    const rendered = await env.MJML.render(mjml);
    return rendered.ok ? { ok: true, html: rendered.html } : { ok: false, error: rendered.error };
  } catch (error) {
    console.error("the MJML renderer could not be reached:", error);
    return null;
  }
}

/** The text part of an e-mail: the HTML's words, one block a line. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(style|script|head)\b[\s\S]*?<\/\1>/gi, "")
      .replace(/<br\s*\/?>/gi, "\n")
      .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
