import { useId } from "react";
import { useTranslation } from "react-i18next";
import { createStore, useStore } from "../../../../shared/client/store";
import { useModalDialog } from "./dialog";

export interface ConfirmOptions {
  /** Already translated, like every text handed to the UI kit: t("Do you really want to delete it?"). */
  message: string;
  title?: string;
  /** Defaults to "Confirm". */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, and focus starts on Cancel. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (ok: boolean) => void;
}

const pending = createStore<Pending | null>(null);
let nextId = 1;

/**
 * Asks before doing something that cannot be undone. Resolves true on confirm, false on cancel,
 * Escape or the backdrop. It stacks above an open modal; a second question answers the first "no".
 *
 *   if (await confirm({ message: t("Do you really want to delete it?"), danger: true })) remove();
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    pending.get()?.resolve(false);
    pending.set({ ...options, id: nextId++, resolve });
  });
}

function answer(ok: boolean) {
  const current = pending.get();
  if (!current) return;
  pending.set(null);
  current.resolve(ok);
}

function ConfirmDialog({ options }: { options: Pending }) {
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

/** Mounted once in the root layout, after the modal host so it opens above a modal. */
export function ConfirmHost() {
  const current = useStore(pending);
  return current ? <ConfirmDialog key={current.id} options={current} /> : null;
}

/** Answers an open question "no" (the page changed under it). */
export function dismissConfirm(): void {
  answer(false);
}
