import { useEffect, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { ADMIN_MSG } from "#shared/schemas/admin.ts";

type Mjml2Html = typeof import("mjml-browser").default;

// mjml-browser is large (about 700 kB): it is fetched the first time a template screen renders a
// preview, never with the admin site's entry (docs/decisions/060).
let loading: Promise<Mjml2Html> | null = null;
function loadMjml(): Promise<Mjml2Html> {
  loading ??= import("mjml-browser").then((mod) => {
    // CommonJS: the bundler may hand over the function itself or a namespace holding it.
    const m = mod as unknown as { default?: Mjml2Html } & Mjml2Html;
    return m.default ?? m;
  });
  // A failed download may be tried again on the next change.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

type Preview =
  | { state: "loading" }
  | { state: "ok"; html: string }
  | { state: "failed"; reason: string | null; empty?: boolean };

/** Whether a rendered page shows anything: text or a picture in its body (an unclosed tag renders none). */
function showsSomething(html: string): boolean {
  const body = html.match(/<body[^>]*>([\s\S]*)<\/body>/i)?.[1] ?? "";
  if (/<img\b/i.test(body)) return true;
  const text = body
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<style[\s\S]*?<\/style>/gi, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\s/g, "");
  return text.length > 0;
}

/** The same checks as the Worker at send time: MJML errors (soft validation) or no document fail. */
function render(mjml2html: Mjml2Html, text: string): Preview {
  try {
    const { html, errors } = mjml2html(text, { validationLevel: "soft" });
    const first = errors[0];
    if (first) return { state: "failed", reason: first.formattedMessage ?? first.message ?? null };
    if (!/<body/i.test(html)) return { state: "failed", reason: null };
    if (!showsSomething(html)) return { state: "failed", reason: null, empty: true };
    return { state: "ok", html };
  } catch (error) {
    return { state: "failed", reason: error instanceof Error ? error.message : null };
  }
}

/** The rendered e-mail, 300 ms after the text stops changing. */
function useMjmlPreview(text: string): Preview {
  const [preview, setPreview] = useState<Preview>({ state: "loading" });
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      loadMjml().then(
        (mjml2html) => current && setPreview(render(mjml2html, text)),
        (error: unknown) =>
          current && setPreview({ state: "failed", reason: error instanceof Error ? error.message : null }),
      );
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return preview;
}

/** The live preview: the e-mail in a sandboxed frame (no scripts, no same-origin), or why not. */
export function MjmlPreview({ text }: { text: string }) {
  const { t } = useTranslation();
  const preview = useMjmlPreview(text);
  return (
    <section aria-label={t("Preview")} className="flex min-h-0 flex-col gap-2" data-testid="mjml-preview">
      <h2 className="field-label">{t("Preview")}</h2>
      {preview.state === "loading" ? (
        <div
          role="status"
          className="grid h-96 place-items-center rounded-lg border border-[var(--line)] bg-[var(--surface-strong)] text-sm"
        >
          {/* Full-strength text: a pulsing or muted one fell below 4.5:1 on this surface. */}
          <span>{t("Rendering the preview…")}</span>
        </div>
      ) : preview.state === "failed" ? (
        <div
          role="alert"
          className="rounded-lg border border-[var(--danger)]/50 bg-[var(--danger)]/10 px-3 py-3 text-sm"
        >
          <p className="font-semibold">{t(ADMIN_MSG.mjmlFailed)}</p>
          {preview.empty ? (
            <p className="mt-1 text-xs text-[var(--muted)]">
              {t("The e-mail renders empty: check that every tag is closed.")}
            </p>
          ) : null}
          {preview.reason ? (
            <p className="mt-1 font-mono text-xs break-words text-[var(--muted)]">{preview.reason}</p>
          ) : null}
        </div>
      ) : (
        <iframe
          title={t("Preview")}
          sandbox=""
          srcDoc={preview.html}
          className="h-[32rem] w-full rounded-lg border border-[var(--line)] bg-white"
        />
      )}
    </section>
  );
}
