import { WorkerEntrypoint } from "cloudflare:workers";

// The MJML renderer Worker (wrangler.toml beside this file). The API Worker calls `render` through
// its service binding MJML when staff save a template, and when it sends one saved without HTML.
// mjml-browser (4.x: synchronous, no Node built-ins) is its only dependency and only work.

export type Rendered = { ok: true; html: string } | { ok: false; error: string };

/** What the API Worker's binding offers (worker/src/env.ts `MJML`). */
export interface MjmlRenderer {
  render(mjml: string): Promise<Rendered>;
}

type Mjml2Html = typeof import("mjml-browser").default;

let loaded: Promise<Mjml2Html> | null = null;

function loadMjml(): Promise<Mjml2Html> {
  loaded ??= (async () => {
    // Its UMD wrapper reads `window` once while the module is evaluated; workerd has none. It is
    // lent for that moment only, so no other code ever sees a `window` here.
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

/** The template's HTML, or the first problem MJML found (an unknown tag, a broken document). */
export async function renderMjml(mjml: string): Promise<Rendered> {
  if (typeof mjml !== "string") return { ok: false, error: "no MJML text" };
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

export default class MjmlRendererWorker extends WorkerEntrypoint implements MjmlRenderer {
  render(mjml: string): Promise<Rendered> {
    return renderMjml(mjml);
  }

  /** Nothing is served over HTTP: the Worker has no route, and a stray request learns nothing. */
  override async fetch(): Promise<Response> {
    return new Response("Not found", { status: 404 });
  }
}
