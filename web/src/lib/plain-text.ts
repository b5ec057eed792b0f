/**
 * The text a reader sees in stored HTML, cut to `max` characters for a preview. DOMParser builds
 * an inert document: nothing in it loads or runs.
 */
export function plainText(html: string, max: number): string {
  // Blocks end with a space, so "below.</p><h2>Where" does not read "below.Where".
  const spaced = html.replace(/<\/(p|li|h[1-6]|div|blockquote|pre|ul|ol)>|<br\s*\/?>/gi, "$& ");
  const text = (new DOMParser().parseFromString(spaced, "text/html").body.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
