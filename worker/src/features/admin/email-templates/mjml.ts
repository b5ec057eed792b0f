import { decodeEntities } from "#worker/lib/plain-text.ts";

// MJML to HTML with mjml-browser (4.x: synchronous, no Node built-ins). It is large, so it is loaded
// on first use only: paths that never render an e-mail never evaluate it.

type Mjml2Html = typeof import("mjml-browser").default;

let loaded: Promise<Mjml2Html> | null = null;

function loadMjml(): Promise<Mjml2Html> {
  loaded ??= (async () => {
    // Its UMD wrapper reads `window` once while the module is evaluated; workerd has none. It is
    // lent for that moment only, so no other code ever sees a `window` in the Worker.
    const scope = globalThis as { window?: unknown };
    const lent = !("window" in scope);
    if (lent) scope.window = globalThis;
    try {
      // CommonJS: the bundler may hand over the function itself or a namespace holding it.
      const mod = (await import("mjml-browser")) as unknown as { default?: Mjml2Html } & Mjml2Html;
      return mod.default ?? mod;
    } finally {
      if (lent) delete scope.window;
    }
  })();
  return loaded;
}

export type Rendered = { ok: true; html: string } | { ok: false; error: string };

/** The template's HTML, or the first problem MJML found (an unknown tag, a broken document). */
export async function renderMjml(mjml: string): Promise<Rendered> {
  const mjml2html = await loadMjml();
  try {
    const { html, errors } = mjml2html(mjml, { validationLevel: "soft" });
    const first = errors[0];
    if (first) return { ok: false, error: first.formattedMessage ?? first.message ?? "invalid MJML" };
    if (!/<body/i.test(html)) return { ok: false, error: "no <mjml> document" };
    return { ok: true, html };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
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
