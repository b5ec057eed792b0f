import { lazy, Suspense } from "react";
import { createStore, useStore } from "#client/store.ts";

// The dialog itself loads the first time a question is asked: most visits never ask one.
const ConfirmDialog = lazy(() => import("./confirm-dialog"));

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

export interface Pending extends ConfirmOptions {
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

/** Mounted once in the root layout, after the modal host so it opens above a modal. */
export function ConfirmHost() {
  const current = useStore(pending);
  return current ? (
    <Suspense fallback={null}>
      <ConfirmDialog key={current.id} options={current} onAnswer={answer} />
    </Suspense>
  ) : null;
}

/** Answers an open question "no" (the page changed under it). */
export function dismissConfirm(): void {
  answer(false);
}
