import { type ReactNode, useDeferredValue, useId, useMemo, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { CloseIcon } from "#client/ui/icons.tsx";
import {
  camelCaseTags,
  checkWriting,
  describeFirstPicture,
  fixBodyText,
  plainLetters,
  unshout,
} from "#web/lib/writing-checks.ts";

type Kind = "pictures" | "fancy" | "shouting" | "tags";

/**
 * The composer's gentle notes for writing that reads well with a screen reader (docs/decisions/152):
 * each says what it found and offers its fix; each can be dismissed for this post. Nothing blocks
 * posting (a required description is the media picker's rule, not these notes').
 */
export function WritingHints({
  title,
  body,
  onTitle,
  onBody,
  mediaWithoutAlt,
}: {
  title: string;
  body: string;
  onTitle: (title: string) => void;
  onBody: (body: string) => void;
  /** A Media post's picture has no description yet (where the community does not require one). */
  mediaWithoutAlt: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [dismissed, setDismissed] = useState<Set<Kind>>(new Set());
  const [alt, setAlt] = useState("");
  // Read while the person types, a little behind the keys.
  const deferredTitle = useDeferredValue(title);
  const deferredBody = useDeferredValue(body);
  const found = useMemo(() => checkWriting(deferredTitle, deferredBody), [deferredTitle, deferredBody]);

  const fixText = (fix: (text: string) => string) => {
    const nextTitle = fix(title);
    if (nextTitle !== title) onTitle(nextTitle);
    const nextBody = fixBodyText(body, fix);
    if (nextBody !== body) onBody(nextBody);
  };
  const dismiss = (kind: Kind) => setDismissed((d) => new Set(d).add(kind));

  const notes: { kind: Kind; text: string; fix: ReactNode }[] = [];
  if (found.picturesWithoutAlt > 0 || mediaWithoutAlt)
    notes.push({
      kind: "pictures",
      text: t("A picture has no description: people who use a screen reader will not know what it shows."),
      fix: mediaWithoutAlt ? (
        <button
          type="button"
          className="btn btn-outline px-3 py-1"
          onClick={() => document.querySelector<HTMLElement>("[data-testid=alt-text]")?.focus()}
        >
          {t("Describe it")}
        </button>
      ) : (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!alt.trim()) return;
            onBody(describeFirstPicture(body, alt));
            setAlt("");
          }}
        >
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs font-semibold" htmlFor={`${id}-alt`}>
            {t("Describe the picture")}
            <input
              id={`${id}-alt`}
              className="field"
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
              autoComplete="off"
            />
          </label>
          <button type="submit" className="btn btn-outline px-3 py-1" disabled={!alt.trim()}>
            {t("Add description")}
          </button>
        </form>
      ),
    });
  if (found.fancy)
    notes.push({
      kind: "fancy",
      text: t("Styled Unicode letters (like 𝐛𝐨𝐥𝐝) are read out one by one by screen readers."),
      fix: (
        <button type="button" className="btn btn-outline px-3 py-1" onClick={() => fixText(plainLetters)}>
          {t("Use plain letters")}
        </button>
      ),
    });
  if (found.shouting.length > 0)
    notes.push({
      kind: "shouting",
      text: t("Sentences in capitals are hard to read and may be read out letter by letter."),
      fix: (
        <button type="button" className="btn btn-outline px-3 py-1" onClick={() => fixText(unshout)}>
          {t("Use sentence case")}
        </button>
      ),
    });
  if (found.tags.length > 0) {
    const certain = found.tags.some((tag) => tag.suggestion);
    notes.push({
      kind: "tags",
      text: t(
        "Capitalise each word of a hashtag ({{tags}}) so screen readers read the words, as in #OpenSource.",
        { tags: found.tags.map((tag) => tag.suggestion ?? tag.tag).join(", ") },
      ),
      fix: certain ? (
        <button type="button" className="btn btn-outline px-3 py-1" onClick={() => fixText(camelCaseTags)}>
          {t("Fix hashtags")}
        </button>
      ) : null,
    });
  }
  const shown = notes.filter((n) => !dismissed.has(n.kind));
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-[var(--line)] bg-[var(--surface-strong)] px-3 py-2 text-sm"
      data-testid="writing-hints"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        {t("Make your post easier for everyone to read")}
      </h2>
      <ul className="mt-1 flex flex-col gap-2">
        {shown.map((note) => (
          <li key={note.kind} className="flex items-start gap-2" data-testid={`writing-hint-${note.kind}`}>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="wrap-anywhere">{note.text}</p>
              {note.fix ? <div>{note.fix}</div> : null}
            </div>
            <button
              type="button"
              className="btn btn-ghost size-8 shrink-0 p-0"
              aria-label={t("Dismiss this tip")}
              onClick={() => dismiss(note.kind)}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
