import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installStaleChunkReload as install } from "./stale-chunk";

let uninstall = () => {};
const installStaleChunkReload = (go: (url: string) => void) => {
  uninstall = install(go);
};

function chunkFailure(): Event {
  const event = new Event("vite:preloadError", { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe("a stale script chunk", () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    uninstall();
    vi.useRealTimers();
  });

  it("reloads once to /?nocache=1 and keeps the error from the page", () => {
    const go = vi.fn();
    installStaleChunkReload(go);
    const event = chunkFailure();
    expect(go).toHaveBeenCalledWith("/?nocache=1");
    expect(event.defaultPrevented).toBe(true);
  });

  it("does not reload again if the reloaded page fails the same way: the page shows the error", () => {
    const go = vi.fn();
    installStaleChunkReload(go);
    chunkFailure();
    const second = chunkFailure();
    expect(go).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });

  it("reloads again for a later deploy, once the page has settled", () => {
    const go = vi.fn();
    installStaleChunkReload(go);
    chunkFailure();
    vi.advanceTimersByTime(10_000);
    chunkFailure();
    expect(go).toHaveBeenCalledTimes(2);
  });
});
