import { type MouseEvent, type SyntheticEvent, useEffect, useRef, useState } from "react";
import { MAIN_ID } from "./skip-link";

/**
 * Opens a native <dialog> as a modal while mounted: the browser traps focus, makes the page inert
 * and closes on Escape (here: calls onClose). A click on the backdrop (the dialog element itself,
 * outside its content) closes it too.
 *
 * Focus goes back to what had it when the dialog opened (the button that opened it, WCAG 2.4.3).
 * The browser does that itself only when `close()` runs while the dialog is in the page; React
 * removes the element first, focus falls to <body>, so it is put back here. A dialog replacing
 * another (Log In → Register) finds focus already back on the first one's opener and keeps it.
 * When the opener went away meanwhile (the Resolve button of a report group that resolving
 * removed), focus goes to the page's main content rather than being lost on <body>.
 *
 * The opener is read while the dialog first renders: by the time effects run, a button of the
 * dialog with `autoFocus` already holds focus.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const [opener] = useState(() =>
    typeof document !== "undefined" && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      const focused = document.activeElement;
      const lost = !focused || focused === document.body || !focused.isConnected || dialog?.contains(focused);
      if (!lost) return;
      const back =
        opener?.isConnected && opener !== document.body ? opener : document.getElementById(MAIN_ID);
      back?.focus({ preventScroll: true });
    };
  }, [opener]);
  return {
    ref,
    onCancel: (e: SyntheticEvent) => {
      e.preventDefault();
      onClose();
    },
    onClick: (e: MouseEvent) => {
      if (e.target === e.currentTarget) onClose();
    },
  };
}
