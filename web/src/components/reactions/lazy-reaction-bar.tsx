import { type ComponentProps, lazy, Suspense } from "react";

const Loaded = lazy(() => import("./reaction-bar"));

/**
 * A post's, comment's or chat message's reactions and the button that adds one. Its code loads
 * after the first screen (the first load is full: docs/decisions/140), so a card shows its
 * reactions a moment after its words.
 */
export function LazyReactionBar(props: ComponentProps<typeof Loaded>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
