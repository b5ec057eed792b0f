import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { CloseIcon } from "./icons";
import { dismissSnackbar, type Snack } from "./snackbar";

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

export default function SnackItem({ snack }: { snack: Snack }) {
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
