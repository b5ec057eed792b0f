import { type ChangeEvent, type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { PROFILE_IMAGE_TYPES } from "#shared/schemas/people.ts";

/**
 * A picture field: its preview, a styled Choose/Change button over a hidden file input, Remove,
 * and the rule ("PNG, JPEG, GIF or WebP, up to 1 MB.") that turns into the problem when a file
 * breaks it. `check` answers a problem's message key, or null; only a file that passes reaches
 * `onPick`.
 */
export function PicturePicker({
  label,
  preview,
  hasPicture,
  busy = false,
  check,
  onPick,
  onRemove,
  required = false,
}: {
  label: string;
  /** Marks the picture as required with the star of the form kit's labels. */
  required?: boolean;
  preview: ReactNode;
  hasPicture: boolean;
  busy?: boolean;
  check: (file: File) => string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = "";
    if (!chosen) return;
    // A phone photo is made to fit (and loses its location) before the rule is checked.
    const file = await shrinkPicture(chosen);
    const issue = check(file);
    setProblem(issue);
    if (!issue) onPick(file);
  };
  return (
    <div className="flex flex-wrap items-center gap-4 py-3">
      {preview}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">
          {label}
          {required ? (
            <>
              {" "}
              <span aria-hidden="true" title={t("This is required field")} className="text-[var(--danger)]">
                *
              </span>
            </>
          ) : null}
        </p>
        <p
          id={`${id}-rule`}
          className={problem ? "field-error" : "text-xs text-[var(--muted)]"}
          role={problem ? "alert" : undefined}
        >
          {problem ? t(problem) : t("PNG, JPEG, GIF or WebP, up to 1 MB.")}
        </p>
      </div>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          type="file"
          accept={PROFILE_IMAGE_TYPES.join(",")}
          className="sr-only"
          onChange={(e) => void pick(e)}
          aria-label={t("Choose a new {{what}}", { what: label.toLowerCase() })}
          aria-describedby={`${id}-rule`}
        />
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {hasPicture ? t("Change") : t("Choose")}
        </button>
        {hasPicture ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              onRemove();
            }}
          >
            {t("Remove")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
