const FLAG = "agora.nocache-reload";

/**
 * After a deploy, an open tab may ask for a script chunk that no longer exists. Reload once to
 * /?nocache=1 (part 1 §8); the flag stops a loop if the reload fails the same way.
 */
export function installStaleChunkReload(): void {
  const reload = () => {
    if (sessionStorage.getItem(FLAG)) return;
    sessionStorage.setItem(FLAG, "1");
    window.location.replace("/?nocache=1");
  };
  window.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reload();
  });
  window.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? "");
    if (/Failed to fetch dynamically imported module|Importing a module script failed/.test(message))
      reload();
  });
  // A page that loaded fine clears the flag for the next deploy.
  window.addEventListener("load", () => setTimeout(() => sessionStorage.removeItem(FLAG), 10_000));
}
