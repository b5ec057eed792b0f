import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for forms with two columns. */
  size?: "sm" | "md" | "lg";
  description?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus to
 * what opened it. Clicking the backdrop closes it too.
 */
export function Dialog({ title, onClose, children, size = "sm", description }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const width = size === "lg" ? "max-w-2xl" : size === "md" ? "max-w-lg" : "max-w-md";
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard closes it with Escape.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl backdrop:bg-black/60`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="flex items-center justify-between gap-4 border-b border-[var(--line)] px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("Close")}
          className="grid size-8 place-items-center rounded-full text-xl text-[var(--muted)] hover:bg-[var(--hover)]"
        >
          ×
        </button>
      </div>
      <div className="px-5 py-4">
        {description ? (
          <p id={descriptionId} className="mb-3 text-sm text-[var(--muted)]">
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
