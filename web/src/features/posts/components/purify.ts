import DOMPurify from "dompurify";
import { ALLOWED_ATTR, ALLOWED_TAGS } from "./html-allow-list";

/** DOMPurify with the bodies' allow-list, for browsers without `Element.setHTML` (safe-html.tsx). */
export function purify(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
