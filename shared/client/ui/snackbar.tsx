import { type ComponentType, useEffect, useRef, useState } from "react";
import { createStore, useStore } from "#client/store.ts";
import { SNACKBAR_MS } from "#shared/constants.ts";

/** The notices themselves load with the first one; the host (a popover) is always there. */
let SnackItem: ComponentType<{ snack: Snack }> | null = null;
export const preloadSnackbar = (): Promise<void> =>
  import("./snackbar-item").then((m) => {
    SnackItem = m.default;
  });

export interface Snack {
  id: number;
  message: string;
  variant: "info" | "success" | "error";
  /** An app path ("/c/agora") navigates inside the app; a full URL opens a new tab. */
  link?: { to: string; label: string };
  durationMs: number;
}

const snacks = createStore<Snack[]>([]);
let nextId = 1;
/** More than this and the oldest notice goes, so a burst of errors cannot cover the page. */
const MAX_VISIBLE = 3;

/**
 * Shows a notice for 6 s by default; `variant: "error"` is the red one. Messages and
 * link labels are already translated. Returns the id for dismissSnackbar.
 */
export function showSnackbar(input: {
  message: string;
  variant?: Snack["variant"];
  link?: Snack["link"];
  durationMs?: number;
}): number {
  const snack: Snack = { id: nextId++, variant: "info", durationMs: SNACKBAR_MS, ...input };
  snacks.set((list) => [...list.slice(-(MAX_VISIBLE - 1)), snack]);
  return snack.id;
}

export function dismissSnackbar(id: number): void {
  snacks.set((list) => list.filter((s) => s.id !== id));
}

/** Removes every notice (signing out, tests). */
export function clearSnackbars(): void {
  snacks.set([]);
}

/**
 * Mounted once in the root layout: notices stack at the bottom centre. The host is a manual
 * popover, raised into the top layer with each new notice, so an error raised by a form inside a
 * modal <dialog> shows above that dialog instead of under its backdrop.
 */
export function SnackbarHost() {
  const list = useStore(snacks);
  const host = useRef<HTMLDivElement>(null);
  const [, setLoaded] = useState(false);
  const Item = SnackItem;
  useEffect(() => {
    if (list.length > 0 && !SnackItem) void preloadSnackbar().then(() => setLoaded(true));
  }, [list.length]);
  const newest = list[list.length - 1]?.id;
  useEffect(() => {
    const el = host.current;
    if (!el || typeof el.showPopover !== "function") return;
    if (el.matches(":popover-open")) el.hidePopover();
    if (newest !== undefined) el.showPopover();
  }, [newest]);
  return (
    <div
      ref={host}
      popover="manual"
      className="pointer-events-none fixed inset-x-0 top-auto bottom-4 m-0 flex w-auto flex-col items-center gap-2 overflow-visible border-0 bg-transparent p-0 px-4 text-inherit"
      data-testid="snackbar-host"
    >
      {Item ? list.map((snack) => <Item key={snack.id} snack={snack} />) : null}
    </div>
  );
}
