import { type FormEvent, useId, useState } from "react";
import { checkEditorLink } from "#shared/schemas/posts.ts";
import { Dialog } from "../dialog";
import { useTranslation } from "../react-i18n";

/**
 * The editor's link dialog: http or https links, with or without a scheme; errors
 * "Enter a link" and "Invalid link". A link without a scheme is saved with https://.
 */
export function LinkDialog({
  initial,
  onSubmit,
  onRemove,
  onClose,
}: {
  initial: string;
  onSubmit: (link: string) => void;
  onRemove: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [shown, setShown] = useState(false);
  const id = useId();
  const checked = checkEditorLink(value);
  const error = shown && "error" in checked ? checked.error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if ("link" in checked) onSubmit(checked.link);
  };
  return (
    <Dialog title={initial ? t("Edit link") : t("Add a link")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={id} className="field-label">
          {t("Link")}
        </label>
        <input
          id={id}
          className="field"
          type="url"
          inputMode="url"
          placeholder="https://example.com"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => value && setShown(true)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          autoFocus
        />
        {error ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {t(error)}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {onRemove ? (
            <button type="button" className="btn btn-ghost mr-auto text-[var(--danger)]" onClick={onRemove}>
              {t("Remove link")}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary">
            {t("Save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
