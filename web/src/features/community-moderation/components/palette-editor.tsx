import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Community } from "#shared/schemas/communities.ts";
import {
  DEFAULT_REACTION_PALETTE,
  isRgiEmoji,
  REACTION_MSG,
  REACTION_PALETTE_MAX,
  reactionPaletteSchema,
} from "#shared/schemas/reactions.ts";
import { EmojiPicker } from "#web/components/emoji/emoji-picker.tsx";
import { api } from "#web/lib/api.ts";
import { errorMessage } from "#web/lib/error-message.ts";

// A community's own reaction palette (docs/decisions/166): its owner picks 1 to 12 emoji of
// Unicode's RGI set, from the emoji picker or typed; the default eight come back with one button.

/** The palette section of the Moderation page, for the community's owner. */
export function PaletteEditor({ community }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string[] | undefined>(community.reaction_palette);
  const [palette, setPalette] = useState<string[]>(
    community.reaction_palette ?? [...DEFAULT_REACTION_PALETTE],
  );
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const pickButton = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const full = palette.length >= REACTION_PALETTE_MAX;
  const changed = JSON.stringify(palette) !== JSON.stringify(saved ?? DEFAULT_REACTION_PALETTE);

  const add = (emoji: string) => {
    const value = emoji.trim();
    if (!isRgiEmoji(value)) return setError(REACTION_MSG.notAnEmoji);
    if (palette.includes(value)) return setError(REACTION_MSG.paletteRepeated);
    if (full) return setError(REACTION_MSG.paletteMax);
    setError(null);
    setPalette((now) => [...now, value]);
    return true;
  };

  const closePicker = useCallback(() => {
    setPicking(false);
    pickButton.current?.focus();
  }, []);

  const remove = (index: number) => {
    setError(null);
    setPalette((now) => now.filter((_, i) => i !== index));
    // The focus moves to the emoji that took its place (or the one before), never to the page's top.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]");
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      (next ?? pickButton.current)?.focus();
    });
  };

  const send = async (body: FormData, done: string) => {
    setBusy(true);
    try {
      const answer = await api.patch("/api/v1/private/user/community", { body });
      setSaved(answer.reaction_palette);
      setPalette(answer.reaction_palette ?? [...DEFAULT_REACTION_PALETTE]);
      setError(null);
      await queryClient.invalidateQueries({ queryKey: ["communities"] });
      await queryClient.invalidateQueries({ queryKey: ["posts"] });
      showSnackbar({ message: t(done), variant: "success" });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reactionPaletteSchema.safeParse(palette);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? REACTION_MSG.paletteInvalid);
    const body = new FormData();
    body.set("name", community.name);
    body.set("reaction_palette", JSON.stringify(parsed.data));
    return send(body, "The palette was saved");
  };

  const reset = () => {
    const body = new FormData();
    body.set("name", community.name);
    body.set("remove_reaction_palette", "true");
    return send(body, "The default palette is back");
  };

  const onTypedKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    if (add(typed)) setTyped("");
  };

  return (
    <section className="card p-4" aria-labelledby={`${id}-title`} data-testid="palette-editor">
      <h2 id={`${id}-title`} className="mb-1 text-base font-semibold">
        {t("Reactions")}
      </h2>
      <p id={`${id}-help`} className="text-sm text-[var(--muted)]">
        {t(
          "The emoji people react with on this community's posts and comments: up to 12. Reactions made before a change stay.",
        )}
      </p>
      <form onSubmit={(e) => void save(e)} noValidate className="mt-3 flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2 text-xs text-[var(--muted)]">
          <span>
            {saved ? t("Its own palette") : t("The default palette")} ·{" "}
            {t("{{count}} of {{max}}", { count: palette.length, max: REACTION_PALETTE_MAX })}
          </span>
        </div>
        {palette.length === 0 ? (
          <p className="rounded-xl border border-dashed border-[var(--line)] p-3 text-sm text-[var(--muted)]">
            {t("No emoji yet: add at least one.")}
          </p>
        ) : (
          <ul ref={list} aria-label={t("Emoji in the palette")} className="flex flex-wrap gap-2">
            {palette.map((emoji, i) => (
              <li
                key={emoji}
                className="flex items-center gap-1 rounded-full border border-[var(--line)] bg-[var(--surface-strong)] py-1 pr-1 pl-3"
                data-testid="palette-emoji"
              >
                <span className="text-xl leading-none" aria-hidden="true">
                  {emoji}
                </span>
                <button
                  type="button"
                  data-remove
                  className="grid size-7 place-items-center rounded-full text-[var(--muted)] hover:bg-[var(--hover)] hover:text-[var(--text)]"
                  aria-label={t("Remove {{emoji}}", { emoji })}
                  title={t("Remove {{emoji}}", { emoji })}
                  onClick={() => remove(i)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <div className="relative">
            <button
              ref={pickButton}
              type="button"
              className="btn btn-outline"
              aria-expanded={picking}
              disabled={full}
              onClick={() => setPicking((open) => !open)}
            >
              {t("Pick an emoji")}
            </button>
            {picking ? (
              <EmojiPicker
                below
                onPick={(emoji) => {
                  add(emoji);
                  closePicker();
                }}
                onClose={closePicker}
              />
            ) : null}
          </div>
          <div className="min-w-40 flex-1">
            <label htmlFor={`${id}-typed`} className="field-label">
              {t("Or type or paste one")}
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-typed`}
                className="field min-w-0 flex-1"
                value={typed}
                maxLength={32}
                autoComplete="off"
                disabled={full}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : `${id}-help`}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setError(null);
                }}
                onKeyDown={onTypedKey}
              />
              <button
                type="button"
                className="btn btn-outline shrink-0"
                disabled={full || !typed.trim()}
                onClick={() => {
                  if (add(typed)) setTyped("");
                }}
              >
                {t("Add")}
              </button>
            </div>
          </div>
        </div>
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t(error)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy || !changed}>
            {t("Save the palette")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy || !saved}
            onClick={() => void reset()}
          >
            {t("Use the default eight")}
          </button>
        </div>
      </form>
    </section>
  );
}
