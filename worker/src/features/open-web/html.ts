import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from "#shared/schemas/open-web.ts";

// The built index.html with a page's head and first screen written in (HTMLRewriter), and the
// escaping everything written there goes through: nothing a person wrote becomes markup.

/** What the open web writes into a page's head. */
export interface PageHead {
  /** The document title, as the SPA sets it for the route. */
  title: string;
  /** What the page is about (the post's title, the person's name): the preview's title. */
  heading: string;
  /** Plain text, about 160 characters. */
  description: string;
  /** Absolute address of the page; none on a page that answers 404. */
  canonical: string | null;
  type: "article" | "profile" | "website";
  /** Absolute address of the page's picture. */
  image: string | null;
  /** Whether the picture is the page's own (a large card) or the site's card. */
  largeImage: boolean;
  /** The page's Atom feed (absolute) and its title. */
  feed: { href: string; title: string } | null;
  /** Search engines must not list it. */
  noindex: boolean;
  /** Structured data (schema.org), written as JSON-LD. */
  jsonLd: object | null;
  /** The first screen's largest picture (a path of this site), fetched while the scripts load. */
  preload?: string | null;
}

export const SITE_NAME = "Agora";
export const SITE_DESCRIPTION = "Agora: communities, posts, chat, jobs and payments.";

/** Text for an HTML attribute or element: the five characters that could end or start markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * JSON inside a `<script>` element: `<`, `>` and `&` as \u escapes (so no `</script>` or `<!--`
 * can close or bend the element), and the two line separators JavaScript once refused.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const meta = (attr: "name" | "property", key: string, content: string) =>
  `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;

/** The tags of a head, in the order previews read them. */
function headTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta("name", "description", head.description)];
  if (head.noindex) tags.push(meta("name", "robots", "noindex"));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  tags.push(
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", head.type),
    meta("property", "og:title", head.heading),
    meta("property", "og:description", head.description),
  );
  if (head.canonical) tags.push(meta("property", "og:url", head.canonical));
  if (head.image) tags.push(meta("property", "og:image", head.image));
  tags.push(meta("name", "twitter:card", head.largeImage ? "summary_large_image" : "summary"));
  if (head.feed)
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}">`,
    );
  if (head.preload)
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(head.preload)}" fetchpriority="high">`);
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  return tags.join("");
}

/** The first screen's data element. */
function firstScreenTag(data: FirstScreen): string {
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptJson(data)}</script>`;
}

/** The boot placeholder's page column (web/index.html), where a first screen's markup goes. */
const FIRST_SCREEN_SLOT = "data-first-screen";

/**
 * The built page with `head` in place of its title and description, `data` (when given) at the
 * end of the body, where the SPA's module script (deferred) finds it before it runs, and `markup`
 * (the first screen as HTML: markup.ts) in place of the boot placeholder's page column.
 */
export function rewritePage(
  shell: Response,
  head: PageHead,
  data: FirstScreen | null,
  status: number,
  markup: string | null = null,
) {
  const headers = new Headers(shell.headers);
  headers.delete("content-length");
  headers.delete("etag");
  headers.set("content-type", "text/html; charset=utf-8");
  // Each answer is made for its address and for whether the reader is signed in (the cookie).
  headers.set("cache-control", "no-cache");
  headers.set("vary", "Cookie");
  if (head.noindex) headers.set("x-robots-tag", "noindex");
  const page = new Response(shell.body, { status, headers });
  const rewriter = new HTMLRewriter();
  if (markup)
    rewriter
      // The placeholder stops being hidden from screen readers once it holds the page's content.
      .on('[data-testid="boot-skeleton"]', {
        element: (e) => {
          e.removeAttribute("aria-hidden");
        },
      })
      .on(`[${FIRST_SCREEN_SLOT}]`, {
        element: (e) => {
          e.setInnerContent(markup, { html: true });
        },
      });
  return rewriter
    .on("head title", {
      element: (e) => {
        e.remove();
      },
    })
    .on('head meta[name="description"]', {
      element: (e) => {
        e.remove();
      },
    })
    .on("head", {
      element: (e) => {
        e.append(headTags(head), { html: true });
        // With a first screen written in, nothing is painted before the page is parsed up to its
        // data (the end of the body): no half-parsed first frame, whose page column is as wide as
        // the page until the sidebar's placeholder after it is parsed, moves as the rest arrives or
        // shows its largest picture only once the scripts have run.
        if (markup && data)
          e.append(`<link rel="expect" href="#${FIRST_SCREEN_ELEMENT_ID}" blocking="render">`, {
            html: true,
          });
      },
    })
    .on("body", {
      element: (e) => {
        if (data) e.append(firstScreenTag(data), { html: true });
      },
    })
    .transform(page);
}

/** The page when no build is there (a test run, a fresh clone): the same head, an empty root. */
export const BARE_SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>${SITE_NAME}</title><meta name="description" content="${SITE_DESCRIPTION}"></head><body><div id="root"><div data-testid="boot-skeleton" aria-hidden="true"><div ${FIRST_SCREEN_SLOT}></div></div></div></body></html>`;
