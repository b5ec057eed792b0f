import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { createStore, useStore } from "../../../../shared/client/store";
import { SNACKBAR_MS } from "../../../../shared/src/constants";

export interface Snack {
  id: number;
  message: string;
  variant: "info" | "success" | "error";
  link?: { to: string; label: string };
  durationMs: number;
}

const snacks = createStore<Snack[]>([]);
let nextId = 1;

/** Shows a notice for 6 s by default; `variant: "error"` is the red one. Messages are already translated. */
export function showSnackbar(input: {
  message: string;
  variant?: Snack["variant"];
  link?: Snack["link"];
  durationMs?: number;
}) {
  const snack: Snack = { id: nextId++, variant: "info", durationMs: SNACKBAR_MS, ...input };
  snacks.set((list) => [...list.slice(-2), snack]);
  return snack.id;
}

export function dismissSnackbar(id: number) {
  snacks.set((list) => list.filter((s) => s.id !== id));
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissSnackbar(snack.id), snack.durationMs);
    return () => clearTimeout(timer);
  }, [snack.id, snack.durationMs]);
  const tone =
    snack.variant === "error"
      ? "bg-red-600 text-white"
      : snack.variant === "success"
        ? "bg-emerald-600 text-white"
        : "bg-[var(--surface-strong)] text-[var(--text)]";
  return (
    <div
      role={snack.variant === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex items-center gap-3 rounded-lg px-4 py-3 shadow-lg ${tone}`}
      data-testid="snackbar"
    >
      <span className="flex-1 text-sm">{snack.message}</span>
      {snack.link ? (
        <Link
          to={snack.link.to}
          className="text-sm font-semibold underline"
          onClick={() => dismissSnackbar(snack.id)}
        >
          {snack.link.label}
        </Link>
      ) : null}
      <button
        type="button"
        className="rounded px-1 text-lg leading-none opacity-80 hover:opacity-100"
        aria-label={t("Close")}
        onClick={() => dismissSnackbar(snack.id)}
      >
        ×
      </button>
    </div>
  );
}

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
