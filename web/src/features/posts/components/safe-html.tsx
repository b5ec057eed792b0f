import { useNavigate } from "@tanstack/react-router";
import { type MouseEvent, useLayoutEffect, useRef } from "react";
import { isSiteImage } from "#client/site-image.ts";
import { openImagePreview } from "#web/components/ui/image-preview.tsx";
import { ALLOWED_ATTR, ALLOWED_TAGS } from "./html-allow-list";

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

/**
 * Only http(s), mailto and this site's paths stay in links, only this site's files in pictures
 * (the Content-Security-Policy shows no other site's); other sites' links open apart.
 */
export function applyLinkPolicy(root: HTMLElement) {
  for (const node of root.querySelectorAll<HTMLElement>("[href], [src]")) {
    for (const name of ["href", "src"]) {
      const value = node.getAttribute(name);
      if (value === null) continue;
      if (!SAFE_URL.test(value.trim()) || (name === "src" && !isSiteImage(value))) node.removeAttribute(name);
    }
    const href = node.tagName === "A" ? node.getAttribute("href") : null;
    if (href && !href.startsWith("/")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
  }
}

/**
 * Fits a body's headings into the page's outline: the body sits under a heading of level `below`
 * (the post's h1, a card's h2), so its own levels, in their order, become below+1, below+2… A
 * body written with h1 or with a skipped level (h2 then h4) would otherwise give the page a
 * second h1 or a hole in its outline.
 */
export function fitHeadings(root: HTMLElement, below: number) {
  const headings = [...root.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")];
  const levels = [...new Set(headings.map((h) => Number(h.tagName[1])))].sort((a, b) => a - b);
  for (const h of headings) {
    const level = Math.min(6, below + 1 + levels.indexOf(Number(h.tagName[1])));
    if (h.tagName === `H${level}`) continue;
    const fitted = document.createElement(`h${level}`);
    for (const { name, value } of [...h.attributes]) fitted.setAttribute(name, value);
    fitted.append(...h.childNodes);
    h.replaceWith(fitted);
  }
}

type SanitizerConfig = { elements: string[]; attributes: string[] };
type WithSetHTML = HTMLElement & {
  setHTML?: (html: string, options: { sanitizer: SanitizerConfig }) => void;
};

/**
 * Puts a stored body into `el`. Bodies were sanitised by the API; they are sanitised again here
 * before they touch the DOM, with the same allow-list, so nothing stored earlier or by another
 * client can run a script. The browser's own sanitizer (`Element.setHTML`, which never keeps
 * anything that runs script whatever the allow-list says) does it where there is one; elsewhere
 * DOMPurify, fetched then — it stays out of the first load (docs/decisions/090).
 */
async function fill(el: WithSetHTML, html: string, below: number, current: () => boolean) {
  // Built in an inert document, where nothing loads, and moved in once the link policy has run:
  // a picture from another site is never requested.
  const scratch: WithSetHTML = document.implementation.createHTMLDocument("").createElement("div");
  if (typeof scratch.setHTML === "function") {
    scratch.setHTML(html, { sanitizer: { elements: ALLOWED_TAGS, attributes: ALLOWED_ATTR } });
  } else {
    const { purify } = await import("./purify");
    if (!current()) return;
    scratch.innerHTML = purify(html);
  }
  applyLinkPolicy(scratch);
  fitHeadings(scratch, below);
  el.replaceChildren(...scratch.childNodes);
}

/**
 * A post or comment body. Links inside the site move within the app; pictures open full size;
 * its headings continue the outline below the heading of level `below` it sits under.
 */
export function SafeHtml({
  html,
  below,
  className = "",
}: {
  html: string;
  below: number;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Before paint, so the body is there on the first frame (and the post card measures it).
  useLayoutEffect(() => {
    let live = true;
    if (ref.current) void fill(ref.current, html, below, () => live);
    return () => {
      live = false;
    };
  }, [html, below]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const image = target.closest("img");
    if (image?.getAttribute("src")) {
      openImagePreview(image.getAttribute("src")!, image.getAttribute("alt") ?? "");
      return;
    }
    const link = target.closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    void navigate({ to: href });
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: clicks are handled for the links and pictures inside, which keep their own keyboard behaviour.
    <div
      ref={ref}
      className={`prose-post break-words [&_img]:cursor-zoom-in ${className}`}
      onClick={onClick}
    />
  );
}
