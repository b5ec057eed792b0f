import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { createStore, useStore } from "#client/store.ts";
import { SNACKBAR_MS } from "#shared/constants.ts";
import { CloseIcon } from "./icons";

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

/** The countdown pauses while the pointer or focus is on the notice, so nobody loses a link mid-read. */
function useCountdown(snack: Snack, paused: boolean) {
  const remaining = useRef(snack.durationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissSnackbar(snack.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [snack.id, paused]);
}

function SnackItem({ snack }: { snack: Snack }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useCountdown(snack, hovered || focused);

  const tone =
    snack.variant === "error"
      ? "bg-[var(--danger)] text-[var(--danger-text)]"
      : snack.variant === "success"
        ? "bg-emerald-700 text-white"
        : "border border-[var(--line)] bg-[var(--surface-strong)] text-[var(--text)]";
  const linkClass = "shrink-0 text-sm font-bold underline underline-offset-2";
  const link = snack.link;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the countdown; the notice is not a control.
    <div
      role={snack.variant === "error" ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-lg items-center gap-3 rounded-lg py-2 pr-2 pl-4 shadow-lg ${tone}`}
      data-testid="snackbar"
      data-variant={snack.variant}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className="flex-1 py-1 text-sm">{snack.message}</span>
      {link ? (
        /^https?:\/\//.test(link.to) ? (
          <a href={link.to} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {link.label}
          </a>
        ) : (
          <Link to={link.to} className={linkClass} onClick={() => dismissSnackbar(snack.id)}>
            {link.label}
          </Link>
        )
      ) : null}
      <button
        type="button"
        className="grid size-8 shrink-0 place-items-center rounded-full opacity-80 hover:bg-black/10 hover:opacity-100"
        aria-label={t("Close")}
        onClick={() => dismissSnackbar(snack.id)}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}

/**
 * Mounted once in the root layout: notices stack at the bottom centre. The host is a manual
 * popover, raised into the top layer with each new notice, so an error raised by a form inside a
 * modal <dialog> shows above that dialog instead of under its backdrop.
 */
export function SnackbarHost() {
  const list = useStore(snacks);
  const host = useRef<HTMLDivElement>(null);
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
      {list.map((snack) => (
        <SnackItem key={snack.id} snack={snack} />
      ))}
    </div>
  );
}
