import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useInfiniteScroll } from "#client/use-infinite-scroll.ts";

/** A stand-in IntersectionObserver whose visibility the test controls. */
class FakeObserver {
  static all: FakeObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static show(visible: boolean) {
    for (const o of FakeObserver.all.filter((x) => !x.disconnected))
      o.callback(
        o.targets.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  }
}

function List(props: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => void }) {
  const sentinel = useInfiniteScroll(props);
  return <div ref={sentinel} data-testid="sentinel" />;
}

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal("IntersectionObserver", FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe("useInfiniteScroll", () => {
  it("fetches the next page when the sentinel nears the viewport (400 px ahead)", () => {
    const fetchNextPage = vi.fn();
    render(<List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    expect(FakeObserver.all[0]?.options?.rootMargin).toBe("0px 0px 400px 0px");
    act(() => FakeObserver.show(false));
    expect(fetchNextPage).not.toHaveBeenCalled();
    act(() => FakeObserver.show(true));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("does not ask again while a page is loading, nor after the last page", () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(<List hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    act(() => FakeObserver.show(true));
    rerender(<List hasNextPage={false} isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    act(() => FakeObserver.show(true));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it("keeps loading after a page arrives if the sentinel is still in view", () => {
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />,
    );
    act(() => FakeObserver.show(true));
    rerender(<List hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />);
    rerender(<List hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />);
    act(() => FakeObserver.show(true));
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });
});
