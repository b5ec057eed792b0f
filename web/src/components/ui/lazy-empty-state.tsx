import { type ComponentProps, lazy, Suspense } from "react";

const Loaded = lazy(() => import("./empty-state").then((m) => ({ default: m.EmptyState })));

/**
 * The empty state of the first screen's rare cases (an empty feed, an unknown address, a page that
 * failed): its code loads when one shows, not with every first load (docs/decisions/093).
 */
export function LazyEmptyState(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
