import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { DEFAULT_REACTION_PALETTE, type ReactionTarget } from "#shared/enums/reactions.ts";
import type { Reaction, ReactionResult } from "#shared/schemas/reactions.ts";
import { api } from "#web/lib/api.ts";
import { pluralKey } from "#web/lib/count-label.ts";
import { handleApiError } from "#web/lib/errors.ts";
import { formatCount } from "#web/lib/format.ts";
import { requireSignIn } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";
import { EMOJI_NAMES } from "./emoji-names";

export interface ReactionBarProps {
  targetType: ReactionTarget;
  /** The item's public id (a chat message's is `{thread}:{id}`). */
  publicId: string;
  reactions: Reaction[];
  /** The item's community's palette, else the default one. */
  palette?: readonly string[];
  /** Every cached copy of the item takes the server's answer. */
  onChange?: (reactions: Reaction[]) => void;
  /** Smaller chips, for comments and chat bubbles. */
  compact?: boolean;
}

/** The answer's shape, checked without zod (this chunk loads with the home page's cards). */
function asReactionResult(value: unknown): ReactionResult {
  const list = (value as { reactions?: unknown } | null)?.reactions;
  const fine =
    Array.isArray(list) &&
    list.every(
      (r: Partial<Reaction> | null) =>
        typeof r?.emoji === "string" && typeof r.total === "number" && typeof r.reacted === "boolean",
    );
  if (!fine) throw new Error("Unexpected answer");
  return { reactions: list as Reaction[] };
}

/** The reactions after the viewer adds (`on`) or takes back one emoji, before the server answers. */
function toggled(list: Reaction[], emoji: string, on: boolean): Reaction[] {
  const found = list.find((r) => r.emoji === emoji);
  if (!found) return on ? [...list, { emoji, total: 1, reacted: true }] : list;
  if (found.reacted === on) return list;
  return list
    .map((r) => (r.emoji === emoji ? { ...r, total: r.total + (on ? 1 : -1), reacted: on } : r))
    .filter((r) => r.total > 0);
}

/**
 * The reaction chips (each a toggle: "3 people reacted with thumbs up"), a button that opens the
 * palette, and "Who reacted". The screen changes at once; the requests of one bar go out one after
 * another, and the last answer is what the bar keeps.
 */
export default function ReactionBar({
  targetType,
  publicId,
  reactions,
  palette = DEFAULT_REACTION_PALETTE,
  onChange,
  compact = false,
}: ReactionBarProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(reactions);
  const [open, setOpen] = useState(false);
  const queue = useRef(Promise.resolve());
  const pending = useRef(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLFieldSetElement>(null);
  const popoverId = useId();

  // A fresh copy from the server (a refetch, a live frame) replaces what is shown, unless a change
  // of the viewer's is still on its way.
  useEffect(() => {
    if (pending.current === 0) setShown(reactions);
  }, [reactions]);

  const nameOf = (emoji: string) => (EMOJI_NAMES[emoji] ? t(EMOJI_NAMES[emoji]) : emoji);

  const send = (emoji: string, on: boolean) => {
    if (!requireSignIn()) return;
    setShown((list) => toggled(list, emoji, on));
    pending.current += 1;
    queue.current = queue.current.then(async () => {
      try {
        const result = asReactionResult(
          await (on
            ? api.put("/api/v1/private/user/reaction", {
                body: { target_type: targetType, public_id: publicId, emoji },
              })
            : api.delete("/api/v1/private/user/reaction", {
                body: { target_type: targetType, public_id: publicId, emoji },
              })),
        );
        if (pending.current === 1) {
          setShown(result.reactions);
          onChange?.(result.reactions);
        }
      } catch (error) {
        handleApiError(error);
        setShown(reactions);
      } finally {
        pending.current -= 1;
      }
    });
  };

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) trigger.current?.focus();
  };

  // The palette closes on a click elsewhere; its first emoji takes the focus when it opens.
  useEffect(() => {
    if (!open) return;
    popover.current?.querySelector("button")?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !trigger.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", away);
    return () => document.removeEventListener("pointerdown", away);
  }, [open]);

  const onPaletteKey = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    const buttons = [...(popover.current?.querySelectorAll("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      buttons[(to + buttons.length) % buttons.length]?.focus();
    };
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "ArrowRight" || event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(buttons.length - 1);
  };

  // At least 24 px high even when compact (WCAG 2.5.8), beside a comment's Reply.
  const chip = compact ? "min-h-6 min-w-6 px-2 py-0.5 text-xs" : "min-h-6 px-2.5 py-1 text-sm";
  return (
    <div className="relative flex flex-wrap items-center gap-1" data-testid="reaction-bar">
      {shown.map((r) => (
        <button
          key={r.emoji}
          type="button"
          aria-pressed={r.reacted}
          aria-label={t(
            pluralKey(
              r.total,
              msg("{{count}} person reacted with {{emoji}}"),
              msg("{{count}} people reacted with {{emoji}}"),
            ),
            { count: r.total, emoji: nameOf(r.emoji) },
          )}
          onClick={() => send(r.emoji, !r.reacted)}
          className={`flex items-center gap-1 rounded-full border font-semibold transition-colors ${chip} ${
            r.reacted
              ? "border-[var(--accent)] bg-[var(--accent)]/15 text-[var(--text)]"
              : "border-[var(--line)] text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
          }`}
          data-testid="reaction-chip"
        >
          <span aria-hidden="true">{r.emoji}</span>
          <span aria-hidden="true" data-testid="reaction-count">
            {formatCount(r.total)}
          </span>
        </button>
      ))}
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-haspopup="true"
        title={t("Add a reaction")}
        onClick={() => (open ? close(false) : requireSignIn() && setOpen(true))}
        className={`flex items-center rounded-full font-semibold text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)] ${chip}`}
        data-testid="reaction-add"
      >
        <span aria-hidden="true">☺︎+</span>
        <span className="sr-only">{t("Add a reaction")}</span>
      </button>
      {shown.length > 0 ? (
        <button
          type="button"
          onClick={() =>
            openModal("REACTIONS", {
              targetType,
              publicId,
              reactions: shown.map((r) => ({ emoji: r.emoji, total: r.total })),
            })
          }
          className={`rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)] hover:underline ${chip}`}
        >
          {t("Who reacted")}
        </button>
      ) : null}
      {open ? (
        <fieldset
          ref={popover}
          id={popoverId}
          onKeyDown={onPaletteKey}
          className="absolute bottom-full left-0 z-20 mb-1 flex max-w-[min(22rem,90vw)] flex-wrap gap-0.5 rounded-2xl border border-[var(--line)] bg-[var(--surface)] p-1 shadow-lg"
          data-testid="reaction-palette"
        >
          <legend className="sr-only">{t("Pick a reaction")}</legend>
          {palette.map((emoji) => {
            const mine = shown.some((r) => r.emoji === emoji && r.reacted);
            return (
              <button
                key={emoji}
                type="button"
                aria-pressed={mine}
                aria-label={nameOf(emoji)}
                title={nameOf(emoji)}
                onClick={() => {
                  send(emoji, !mine);
                  close(true);
                }}
                className={`grid size-10 place-items-center rounded-xl text-xl hover:bg-[var(--hover)] focus-visible:bg-[var(--hover)] ${
                  mine ? "bg-[var(--accent)]/15" : ""
                }`}
              >
                {emoji}
              </button>
            );
          })}
        </fieldset>
      ) : null}
    </div>
  );
}
