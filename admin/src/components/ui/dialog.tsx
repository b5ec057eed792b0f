import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal dialog (native `<dialog>`: focus stays inside, Escape closes). Mounted while open; the
 * caller keeps the open state.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl backdrop:bg-black/60`}
      data-testid={testId}
    >
      <div className="flex items-center gap-3 border-b border-[var(--line)] px-5 py-3">
        <h2 id={titleId} className="min-w-0 flex-1 truncate font-semibold">
          {title}
        </h2>
        <button
          type="button"
          aria-label={t("Close")}
          className="grid size-8 shrink-0 place-items-center rounded-full hover:bg-[var(--hover)]"
          onClick={onClose}
        >
          ✕
        </button>
      </div>
      <div className="max-h-[70dvh] overflow-y-auto px-5 py-4">{children}</div>
    </dialog>
  );
}
