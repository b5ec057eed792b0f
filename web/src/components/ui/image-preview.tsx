import { lazy, Suspense } from "react";
import { createStore, useStore } from "#client/store.ts";

// The viewer loads when a picture is first opened.
const ImagePreview = lazy(() => import("./image-preview-dialog"));

export interface Preview {
  src: string;
  alt: string;
}

const preview = createStore<Preview | null>(null);

/** Shows an image full size over the page: Escape, the backdrop or × closes it. */
export function openImagePreview(src: string, alt = ""): void {
  preview.set({ src, alt });
}

export function closeImagePreview(): void {
  preview.set(null);
}

/** Mounted once in the root layout. */
export function ImagePreviewHost() {
  const open = useStore(preview);
  return open ? (
    <Suspense fallback={null}>
      <ImagePreview key={open.src} {...open} onClose={closeImagePreview} />
    </Suspense>
  ) : null;
}
