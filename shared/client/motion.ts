/** "smooth" unless the reader asked the system for less motion (WCAG 2.3.3): then a jump. */
export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}
