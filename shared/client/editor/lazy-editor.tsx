import { lazy, Suspense } from "react";
import type { EditorSite, RichEditorProps } from "./rich-editor";

const RichEditor = lazy(() => import("./rich-editor"));

/** The rich editor, fetched the first time someone writes. */
export function Editor(props: RichEditorProps & EditorSite) {
  return (
    <Suspense
      fallback={
        <div className="h-52 animate-pulse rounded-lg border border-[var(--line)] bg-[var(--surface-strong)]" />
      }
    >
      <RichEditor {...props} />
    </Suspense>
  );
}
