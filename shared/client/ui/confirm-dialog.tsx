import { useId } from "react";
import { useModalDialog } from "#client/modal-dialog.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import type { Pending } from "./confirm";

/** The question of confirm(), as an alert dialog: Cancel or the action, Escape and the backdrop answer no. */
export default function ConfirmDialog({
  options,
  onAnswer: answer,
}: {
  options: Pending;
  onAnswer: (ok: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useModalDialog(() => answer(false));
  const messageId = useId();
  const titleId = useId();
  return (
    <dialog
      {...modal}
      role="alertdialog"
      aria-labelledby={options.title ? titleId : messageId}
      aria-describedby={options.title ? messageId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl backdrop:bg-black/60"
      data-testid="confirm-dialog"
    >
      <div className="px-5 pt-5 pb-4">
        {options.title ? (
          <h2 id={titleId} className="mb-2 text-lg font-semibold">
            {options.title}
          </h2>
        ) : null}
        <p id={messageId} className={options.title ? "text-sm text-[var(--muted)]" : "font-medium"}>
          {options.message}
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-[var(--line)] px-5 py-3">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => answer(false)}
          // biome-ignore lint/a11y/noAutofocus: a dialog's first focus (HTML dialog focusing steps): Cancel when the action is destructive.
          autoFocus={options.danger}
        >
          {options.cancelLabel ?? t("Cancel")}
        </button>
        <button
          type="button"
          className={`btn ${options.danger ? "btn-danger" : "btn-primary"}`}
          onClick={() => answer(true)}
          // biome-ignore lint/a11y/noAutofocus: a dialog's first focus (HTML dialog focusing steps).
          autoFocus={!options.danger}
        >
          {options.confirmLabel ?? t("Confirm")}
        </button>
      </div>
    </dialog>
  );
}
