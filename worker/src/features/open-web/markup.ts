import type { FirstScreen } from "#shared/schemas/open-web.ts";
import type { FeedItem, MediaFile } from "#shared/schemas/posts.ts";
import { decodeEntities } from "#worker/lib/plain-text.ts";
import { escapeHtml } from "./html";

// The first screen as HTML (docs/decisions/192): the home feed's first cards and a post's title,
// text and pictures, written into the page where the boot placeholders stand, so the largest paint
// comes with the HTML instead of after the scripts. The SPA then renders the same elements in the
// same places and sizes (its classes are copied here: web/src/features/posts/components/post-card.tsx,
// post-page.tsx, post-byline.tsx, post-media.tsx), replacing this markup whole on its first render.
// Everything a person wrote is text here: bodies lose their tags and are escaped, names and titles
// are escaped, and only this site's paths or http(s) addresses become links or pictures.

/** How much of a post's text its page writes (the rest comes with the SPA). */
const POST_TEXT_MAX = 6_000;

/** A path of this site or an http(s) address, escaped for an attribute; anything else is dropped. */
function address(value: string): string | null {
  const trimmed = value.trim();
  return /^(?:https?:\/\/|\/(?!\/))/i.test(trimmed) ? escapeHtml(trimmed) : null;
}

/**
 * A stored (sanitised) body as paragraphs of plain text, at most `max` characters in all: block
 * ends and line breaks end a paragraph, every other (inline) tag is dropped.
 */
function paragraphs(html: string, max: number): string[] {
  const out: string[] = [];
  let left = max;
  for (const block of html.split(/<\/(?:p|h[1-6]|li|blockquote|pre|div)\s*>|<br\s*\/?>/i)) {
    if (left <= 0) break;
    const text = decodeEntities(block.replace(/<[^>]*>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
    if (!text) continue;
    out.push(text.length <= left ? text : `${text.slice(0, left - 1).trimEnd()}…`);
    left -= text.length;
  }
  return out;
}

const textBlock = (html: string, max: number, className: string) => {
  const list = paragraphs(html, max);
  return list.length
    ? `<div class="prose-post break-words ${className}">${list.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}</div>`
    : "";
};

/** A round picture of `size` px (web/src/components/ui/avatar.tsx), when there is one. */
function avatar(src: string | null | undefined, size: number): string {
  const safe = src ? address(src) : null;
  return safe
    ? `<img src="${safe}" alt="" width="${size}" height="${size}" class="shrink-0 rounded-full object-cover">`
    : "";
}

/** Where and by whom (post-byline.tsx): the community with its picture, then the author. */
function byline(item: FeedItem): string {
  const { community, owner } = item;
  return (
    `<div class="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-nowrap text-[var(--muted)]">` +
    `<a href="/c/${escapeHtml(encodeURIComponent(community.name))}" class="flex min-w-0 items-center gap-1.5 font-semibold text-[var(--text)] hover:underline">${avatar(community.image, 22)}c/${escapeHtml(community.name)}</a>` +
    `<a href="/user/${escapeHtml(encodeURIComponent(owner.username))}" class="flex min-w-0 items-center gap-1 hover:underline">u/${escapeHtml(owner.username)}</a>` +
    `</div>`
  );
}

/** The pictures of a post (post-media.tsx): each in its 16:10 box, a link to the full size. */
function pictures(files: MediaFile[], title: string, eager: boolean): string {
  const shown = files
    .filter((f) => f.file_type === "IMAGE")
    .map((f, i) => {
      const src = address(f.file);
      if (!src) return "";
      // The first screen's first picture is its largest paint: drawn with the first frame.
      const lazy = eager && i === 0 ? ' decoding="sync"' : ' loading="lazy"';
      return `<a class="post-picture" href="${src}"><img src="${src}" alt="${escapeHtml(f.alt ?? title)}"${lazy}></a>`;
    })
    .join("");
  return shown
    ? `<div class="mt-3 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--media-letterbox)]">${shown}</div>`
    : "";
}

/** A card of the feed (post-card.tsx): byline, title, the start of the text, the pictures. */
function card(item: FeedItem, first: boolean): string {
  const { micropost: post } = item;
  const link = address(post.link) ?? "/";
  const id = escapeHtml(`post-${post.public_id}`);
  const body =
    post.post_type === "MEDIA"
      ? textBlock(post.body, 400, "mt-2 line-clamp-3 text-sm") +
        pictures(post.user_file_list, post.title, first)
      : `<div class="relative mt-2 max-h-56 overflow-hidden">${textBlock(post.body, 1_200, "text-sm")}</div>`;
  return (
    `<li><article class="card p-4" aria-labelledby="${id}">` +
    `<header class="flex items-start justify-between gap-2">${byline(item)}</header>` +
    `<h2 id="${id}" class="mt-2 text-lg leading-snug font-semibold break-words"><a href="${link}" class="hover:underline">${escapeHtml(post.title)}</a></h2>` +
    `${body}</article></li>`
  );
}

/** The home feed's first page (feed-page.tsx): the composer's row as a placeholder, then the cards. */
function feedMarkup(list: FeedItem[]): string {
  const cards = list.map((item, i) => card(item, i === 0)).join("");
  return (
    `<div class="mx-auto flex max-w-2xl flex-col gap-3">` +
    `<div class="card h-12 animate-pulse bg-[var(--surface-strong)]" aria-hidden="true"></div>` +
    (cards ? `<ul class="flex flex-col gap-3">${cards}</ul>` : "") +
    `</div>`
  );
}

/** A post's page (post-page.tsx): byline, title, text, pictures. */
function postMarkup(item: FeedItem): string {
  const { micropost: post } = item;
  return (
    `<div class="mx-auto flex max-w-3xl flex-col gap-3"><article class="card p-4 sm:p-5">` +
    `<header class="flex items-start justify-between gap-2">${byline(item)}</header>` +
    `<h1 class="mt-2 text-2xl leading-tight font-bold break-words">${escapeHtml(post.title)}</h1>` +
    textBlock(post.body, POST_TEXT_MAX, "mt-3") +
    pictures(post.user_file_list, post.title, true) +
    `</article></div>`
  );
}

/** The markup of a page's first screen, or null when the page has none to show as HTML. */
export function firstScreenMarkup(data: FirstScreen | null): string | null {
  if (data?.post) return postMarkup(data.post);
  if (data?.feed) return feedMarkup(data.feed.page.list);
  return null;
}
