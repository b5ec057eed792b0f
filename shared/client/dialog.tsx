import { type ReactNode, useId } from "react";
import { useModalDialog } from "./modal-dialog";
import { useTranslation } from "./react-i18n";

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for forms with two columns. */
  size?: "sm" | "md" | "lg";
  description?: string;
  testId?: string;
}

/** A modal with a title bar and a close button, for every modal of both sites. */
export function Dialog({ title, onClose, children, size = "sm", description, testId }: DialogProps) {
  const modal = useModalDialog(onClose);
  const titleId = useId();
  const descriptionId = useId();
  const { t } = useTranslation();

  const width = size === "lg" ? "max-w-2xl" : size === "md" ? "max-w-lg" : "max-w-md";
  return (
    <dialog
      {...modal}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${width} rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl backdrop:bg-black/60`}
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
