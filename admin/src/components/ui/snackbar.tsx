import { useEffect } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { createStore, useStore } from "#client/store.ts";
import { SNACKBAR_MS } from "#shared/constants.ts";

interface Snack {
  id: number;
  message: string;
  variant: "success" | "error";
}

const snacks = createStore<Snack[]>([]);
let nextId = 1;

/**
 * A notice at the bottom of the page for 6 s; the message is already translated. The same call as
 * the main site's (`{ message, variant }`); the admin has no neutral notice, so it is green unless
 * `variant: "error"`.
 */
export function showSnackbar(input: { message: string; variant?: Snack["variant"] }): void {
  const snack: Snack = { id: nextId++, variant: "success", ...input };
  snacks.set((list) => [...list.slice(-2), snack]);
}

function dismiss(id: number) {
  snacks.set((list) => list.filter((s) => s.id !== id));
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismiss(snack.id), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [snack.id]);
  return (
    <div
      role={snack.variant === "error" ? "alert" : "status"}
      data-testid="snackbar"
      className={`pointer-events-auto flex w-full max-w-lg items-center gap-3 rounded-lg py-2 pr-2 pl-4 shadow-lg ${snack.variant === "error" ? "bg-[var(--danger)] text-[var(--danger-text)]" : "bg-emerald-700 text-white"}`}
    >
      <span className="flex-1 py-1 text-sm">{snack.message}</span>
      <button
        type="button"
        aria-label={t("Close")}
        className="grid size-8 shrink-0 place-items-center rounded-full hover:bg-black/10"
        onClick={() => dismiss(snack.id)}
      >
        ✕
      </button>
    </div>
  );
}

/** Mounted once in the admin layout. */
export function SnackbarHost() {
  const list = useStore(snacks);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
      {list.map((snack) => (
        <SnackItem key={snack.id} snack={snack} />
      ))}
    </div>
  );
}
