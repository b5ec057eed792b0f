import { useNavigate } from "@tanstack/react-router";
import DOMPurify from "dompurify";
import { type MouseEvent, useMemo } from "react";
import { openImagePreview } from "#web/components/ui/image-preview.tsx";

// Bodies were sanitised by the API; they are sanitised again here before they touch the DOM, with
// the same allow-list, so nothing stored earlier or by another client can run a script.
const ALLOWED_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "hr",
  "mark",
  "sub",
  "sup",
  "span",
];
const ALLOWED_ATTR = ["href", "title", "src", "alt", "width", "height", "start", "target", "rel"];
const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

let hooked = false;
/** The browser's own pass over a stored body: the allow-list again, safe links only. */
export function purify(html: string): string {
  if (!hooked) {
    hooked = true;
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      for (const name of ["href", "src"]) {
        const value = node.getAttribute(name);
        if (value !== null && !SAFE_URL.test(value.trim())) node.removeAttribute(name);
      }
      if (node.tagName === "A" && node.getAttribute("href") && !node.getAttribute("href")!.startsWith("/")) {
        node.setAttribute("target", "_blank");
        node.setAttribute("rel", "noopener noreferrer nofollow");
      }
    });
  }
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

/**
 * A post or comment body. Links inside the site move within the app; pictures open full size.
 */
export function SafeHtml({ html, className = "" }: { html: string; className?: string }) {
  const clean = useMemo(() => purify(html), [html]);
  const navigate = useNavigate();
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
      className={`prose-post break-words [&_img]:cursor-zoom-in ${className}`}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
