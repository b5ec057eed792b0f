import { useModalDialog } from "#client/modal-dialog.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { createStore, useStore } from "#client/store.ts";

interface Pending {
  id: number;
  message: string;
  danger: boolean;
  resolve: (ok: boolean) => void;
}

const pending = createStore<Pending | null>(null);
let nextId = 1;

/**
 * Asks "Are you sure?"-style questions; resolves true on Confirm. The message is translated. The
 * same call as the main site's (`{ message, danger }`); `danger` makes the button red.
 */
export function confirm({
  message,
  danger = false,
}: {
  message: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    pending.get()?.resolve(false);
    pending.set({ id: nextId++, message, danger, resolve });
  });
}

function answer(ok: boolean) {
  const current = pending.get();
  if (!current) return;
  pending.set(null);
  current.resolve(ok);
}

function ConfirmDialog({ question }: { question: Pending }) {
  const { t } = useTranslation();
  const { ref, onCancel } = useModalDialog(() => answer(false));
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`confirm-${question.id}`}
      onCancel={onCancel}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-0 text-[var(--text)] shadow-2xl backdrop:bg-black/60"
      data-testid="confirm-dialog"
    >
      <p id={`confirm-${question.id}`} className="px-5 pt-5 pb-4 font-medium">
        {question.message}
      </p>
      <div className="flex justify-end gap-2 border-t border-[var(--line)] px-5 py-3">
        <button type="button" className="btn btn-ghost" onClick={() => answer(false)}>
          {t("Cancel")}
        </button>
        <button
          type="button"
          className={`btn ${question.danger ? "btn-danger" : "btn-primary"}`}
          onClick={() => answer(true)}
        >
          {t("Confirm")}
        </button>
      </div>
    </dialog>
  );
}

/** Mounted once in the admin layout. */
export function ConfirmHost() {
  const current = useStore(pending);
  return current ? <ConfirmDialog key={current.id} question={current} /> : null;
}
