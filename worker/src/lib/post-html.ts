import xss from "xss";

// xss is CommonJS: its named exports hang off the default export once bundled for workerd.
const { escapeAttrValue, FilterXSS, friendlyAttrValue } = xss as unknown as typeof import("xss");

// Post and comment bodies are stored as HTML that already passed this allow-list, and the SPA
// passes them through DOMPurify again before rendering. Anything not listed is dropped: no script,
// style, iframe, form, event handler, style attribute, or link to a scheme other than http(s) and
// mailto survives. Pictures are this site's files only (the editor uploads them to /media): another
// site's picture is dropped, as the site's Content-Security-Policy would not show it.

const INLINE = ["strong", "b", "em", "i", "u", "s", "del", "code", "mark", "sub", "sup", "span", "br"];
const BLOCK = ["p", "h1", "h2", "h3", "h4", "blockquote", "pre", "ul", "li", "hr"];

const WHITE_LIST: Record<string, string[]> = {
  ...Object.fromEntries([...INLINE, ...BLOCK].map((tag) => [tag, []])),
  ol: ["start"],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
};

/** Tags whose content goes too: what is inside a script is never text to show. */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "textarea",
  "select",
  "title",
  "head",
];
/** A closed block of one of those tags, with everything inside it. */
const DROP_BLOCKS = new RegExp(`<(${DROP_WITH_CONTENT.join("|")})\\b[\\s\\S]*?</\\1\\s*>`, "gi");

function safeUrl(value: string, forImage: boolean): string | null {
  // Entities are decoded first: "&#106;avascript:" and "/&#x2F;host" are what a browser would see.
  const v = friendlyAttrValue(value).trim();
  // Control characters and whitespace inside a scheme ("java\tscript:") are how filters are fooled.
  if ([...v].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) return null;
  if (!forImage && /^https?:\/\//i.test(v)) return v;
  if (v.startsWith("/") && !v.startsWith("//") && !v.startsWith("/\\")) return v;
  if (!forImage && /^mailto:[^\s]+$/i.test(v)) return v;
  return null;
}

const filter = new FilterXSS({
  whiteList: WHITE_LIST,
  // Any other tag goes, its text stays (escaped). Closed dangerous blocks were removed before.
  stripIgnoreTag: true,
  allowCommentTag: false,
  css: false,
  onTagAttr(tag, name, value) {
    if (name === "href" || name === "src") {
      const url = safeUrl(value, tag === "img");
      return url === null ? "" : `${name}="${escapeAttrValue(url)}"`;
    }
    if (name === "width" || name === "height" || name === "start")
      return /^\d{1,5}$/.test(value) ? `${name}="${value}"` : "";
    return undefined;
  },
});

/** Links that leave the site open in a new tab without handing it our window. */
function hardenLinks(html: string): string {
  return html.replace(/<a\s+([^>]*)>/gi, (_whole, attrs: string) => {
    const href = /href="([^"]*)"/.exec(attrs)?.[1];
    if (!href) return "<a>";
    const external = !href.startsWith("/");
    const title = /title="([^"]*)"/.exec(attrs)?.[1];
    return `<a href="${href}"${title ? ` title="${title}"` : ""}${
      external ? ' target="_blank" rel="noopener noreferrer nofollow"' : ""
    }>`;
  });
}

/** Sanitised HTML: only the allow-listed tags and attributes, safe links, no empty images. */
export function sanitizeHtml(html: string): string {
  // What is left after this (an unclosed <script>, a nested trick) is still filtered below.
  let stripped = html;
  for (let i = 0; i < 5; i++) {
    const next = stripped.replace(DROP_BLOCKS, "");
    if (next === stripped) break;
    stripped = next;
  }
  const clean = filter.process(stripped).replace(/<img(?![^>]*\ssrc=")[^>]*>/gi, "");
  return hardenLinks(clean).trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** Text typed without markup (a comment box, an API client): paragraphs, line breaks, links. */
export function plainTextToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines = paragraph
        .split("\n")
        .map((line) => escapeText(line).replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`));
      return `<p>${lines.join("<br>")}</p>`;
    })
    .join("");
}

/**
 * An address in sanitised text: http(s):// or www., up to a space, a quote or a tag, and not
 * ending in the punctuation that closes a sentence. `&amp;` is the one entity an address keeps.
 */
const ADDRESS = /(?:\bhttps?:\/\/|\bwww\.)(?:[^\s<>"'&]|&amp;)*[^\s<>"'&.,;:!?)\]]/gi;

/**
 * Addresses typed in the text of sanitised HTML become links (as in chat), outside existing
 * links, code and pre. The result goes through the sanitiser again, which hardens them.
 */
export function linkAddresses(html: string): string {
  return eachTextSegment(html, (text) =>
    text.replace(ADDRESS, (address) => {
      const href = /^www\./i.test(address) ? `https://${address}` : address;
      return `<a href="${href}">${address}</a>`;
    }),
  );
}

/** A body as sent: HTML from the editor, or plain text from anywhere else; typed addresses linked. */
export function toSafeHtml(input: string): string {
  const looksLikeHtml = /<\/?[a-z][\s\S]*>/i.test(input);
  const clean = sanitizeHtml(looksLikeHtml ? input : plainTextToHtml(input));
  return sanitizeHtml(linkAddresses(clean));
}

const MENTION = /(^|[^A-Za-z0-9_@/&#])@([A-Za-z0-9]{3,18})(?![A-Za-z0-9])/g;
/** At most this many people are notified from one body, so a post cannot page the whole site. */
const MENTIONS_MAX = 10;

/** Usernames written as @name in the text (not inside links or code), first ones first. */
export function findMentions(html: string): string[] {
  const found = new Set<string>();
  eachTextSegment(html, (text) => {
    for (const match of text.matchAll(MENTION)) found.add(match[2]!.toLowerCase());
    return text;
  });
  return [...found].slice(0, MENTIONS_MAX);
}

/** Turns @name of people who exist into links to their profile. */
export function linkMentions(html: string, existing: Map<string, string>): string {
  if (existing.size === 0) return html;
  return eachTextSegment(html, (text) =>
    text.replace(MENTION, (whole, before: string, name: string) => {
      const username = existing.get(name.toLowerCase());
      return username ? `${before}<a href="/user/${username}">@${username}</a>` : whole;
    }),
  );
}

/** Calls `edit` on every run of text outside tags that is not inside a link, code or pre. */
function eachTextSegment(html: string, edit: (text: string) => string): string {
  let insideSkipped = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        const m = /^<(\/?)(a|code|pre)\b/i.exec(part);
        if (m) insideSkipped += m[1] ? -1 : 1;
        return part;
      }
      return insideSkipped > 0 ? part : edit(part);
    })
    .join("");
}
