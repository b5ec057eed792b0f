import { type FormEvent, useId, useState } from "react";
import { MEDIA_ALT_MAX } from "#shared/constants.ts";
import { Dialog } from "../dialog";
import { useTranslation } from "../react-i18n";

/**
 * Asked right after a picture goes into the editor: what it shows, for people who use a screen
 * reader. The file's name says nothing to them, so it is never used; "Skip" leaves it undescribed.
 */
export function AltDialog({ onSubmit, onClose }: { onSubmit: (alt: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const id = useId();
  const tooLong = value.trim().length > MEDIA_ALT_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong) onSubmit(value.trim());
  };
  return (
    <Dialog title={t("Describe the picture")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className="field-label">
          {t("What is in the picture, for people who use a screen reader.")}
        </label>
        <textarea
          id={id}
          className="field resize-y"
          rows={3}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={tooLong}
          aria-describedby={`${id}-count`}
          autoFocus
        />
        <p id={`${id}-count`} className={tooLong ? "field-error" : "text-xs text-[var(--muted)]"}>
          {value.trim().length} / {MEDIA_ALT_MAX}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Skip")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!value.trim() || tooLong}>
            {t("Save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
