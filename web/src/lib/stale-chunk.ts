const FLAG = "agora.nocache-reload";
/** A page that has stayed up this long loaded fine; the next failure is a new deploy. */
const SETTLED_MS = 10_000;

const isChunkError = (message: string) =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );

/**
 * After a deploy, an open tab may ask for a script chunk that no longer exists. Reload once to
 * /?nocache=1. The flag stops a loop when the reloaded page fails the same way: then
 * the error reaches the page, which offers Try again.
 */
export function installStaleChunkReload(
  go: (url: string) => void = (url) => window.location.replace(url),
): () => void {
  const reloadOnce = (): boolean => {
    if (sessionStorage.getItem(FLAG)) return false;
    sessionStorage.setItem(FLAG, "1");
    go("/?nocache=1");
    return true;
  };
  // Vite raises this when a lazy chunk (a page, a dialog) or its preloads fail to load.
  const onPreloadError = (event: Event) => {
    if (reloadOnce()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkError(String((event.reason as Error | undefined)?.message ?? ""))) reloadOnce();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    timer = setTimeout(() => sessionStorage.removeItem(FLAG), SETTLED_MS);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  window.addEventListener("unhandledrejection", onRejection);
  if (document.readyState === "complete") settle();
  else window.addEventListener("load", settle, { once: true });
  return () => {
    window.removeEventListener("vite:preloadError", onPreloadError);
    window.removeEventListener("unhandledrejection", onRejection);
    window.removeEventListener("load", settle);
    clearTimeout(timer);
  };
}
