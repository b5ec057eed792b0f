import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ANNOUNCE_SETTLE_MS, LiveAnnouncement } from "./live-announcement";

afterEach(() => vi.useRealTimers());

describe("live announcements (WCAG 4.1.3)", () => {
  it("says a burst of 20 live frames once, politely, with the last count", () => {
    vi.useFakeTimers();
    const { container, rerender } = render(<LiveAnnouncement text="" />);
    const region = container.querySelector("[aria-live]")!;
    expect(region.getAttribute("aria-live")).toBe("polite");
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(region.textContent ?? ""));
    observer.observe(region, { childList: true, characterData: true, subtree: true });

    for (let n = 1; n <= 20; n++) {
      rerender(<LiveAnnouncement text={`${n} new comments`} />);
      act(() => vi.advanceTimersByTime(50));
    }
    expect(region.textContent).toBe("");
    act(() => vi.advanceTimersByTime(ANNOUNCE_SETTLE_MS));
    // MutationObserver callbacks are microtasks: let them run.
    return Promise.resolve().then(() => {
      observer.disconnect();
      expect(said.filter(Boolean)).toEqual(["20 new comments"]);
      expect(region.textContent).toBe("20 new comments");
    });
  });
});
