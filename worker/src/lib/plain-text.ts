/** The five entities sanitised HTML carries, plus &nbsp;, back to their characters. */
export function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/**
 * HTML (our own sanitised markup) as one line of text for a glance, at most `max` characters:
 * tags dropped, spaces folded, cut with an ellipsis.
 */
export function glance(html: string, max: number): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
