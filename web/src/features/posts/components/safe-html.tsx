import { useNavigate } from "@tanstack/react-router";
import { type MouseEvent, useLayoutEffect, useRef } from "react";
import { openImagePreview } from "#web/components/ui/image-preview.tsx";
import { ALLOWED_ATTR, ALLOWED_TAGS } from "./html-allow-list";

const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

/** Only http(s), mailto and this site's paths stay in links and pictures; other sites' links open apart. */
function applyLinkPolicy(root: HTMLElement) {
  for (const node of root.querySelectorAll<HTMLElement>("[href], [src]")) {
    for (const name of ["href", "src"]) {
      const value = node.getAttribute(name);
      if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
    }
    const href = node.tagName === "A" ? node.getAttribute("href") : null;
    if (href && !href.startsWith("/")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer nofollow");
    }
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
async function fill(el: WithSetHTML, html: string, current: () => boolean) {
  if (typeof el.setHTML === "function") {
    el.setHTML(html, { sanitizer: { elements: ALLOWED_TAGS, attributes: ALLOWED_ATTR } });
  } else {
    const { purify } = await import("./purify");
    if (!current()) return;
    el.innerHTML = purify(html);
  }
  applyLinkPolicy(el);
}

/**
 * A post or comment body. Links inside the site move within the app; pictures open full size.
 */
export function SafeHtml({ html, className = "" }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  // Before paint, so the body is there on the first frame (and the post card measures it).
  useLayoutEffect(() => {
    let live = true;
    if (ref.current) void fill(ref.current, html, () => live);
    return () => {
      live = false;
    };
  }, [html]);
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
