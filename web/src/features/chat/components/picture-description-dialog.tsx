import { useId, useState } from "react";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { MEDIA_ALT_MAX } from "#shared/constants.ts";
import { altProblem } from "#shared/schemas/alt-text.ts";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";

/**
 * The PICTURE_DESCRIPTION modal: before a chat picture is sent, its description for screen readers.
 * `required` (the REQUIRE_ALT_TEXT setting) keeps Send off until one is written.
 */
export default function PictureDescriptionDialog({
  onClose,
  fileName,
  required,
  onSend,
}: ModalProps & { fileName: string; required: boolean; onSend: (alt: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [alt, setAlt] = useState("");
  const problem = altProblem(alt, required);
  const [tried, setTried] = useState(false);
  return (
    <Dialog title={t("Describe the picture")} onClose={onClose} testId="picture-description">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (problem) return;
          onSend(alt.trim());
          onClose();
        }}
      >
        <label htmlFor={id} className="text-sm font-semibold">
          {required ? t("Describe the picture") : t("Describe the picture (optional)")}
        </label>
        <p className="mb-2 text-xs break-all text-[var(--muted)]">{fileName}</p>
        <textarea
          id={id}
          value={alt}
          rows={3}
          required={required}
          aria-invalid={tried && Boolean(problem)}
          aria-describedby={`${id}-hint${tried && problem ? ` ${id}-error` : ""}`}
          onChange={(e) => setAlt(e.target.value)}
          className="field w-full resize-y"
        />
        <p id={`${id}-hint`} className="text-xs text-[var(--muted)]">
          {t("What is in the picture, for people who use a screen reader.")} {alt.trim().length} /{" "}
          {MEDIA_ALT_MAX}
        </p>
        {tried && problem ? (
          <p id={`${id}-error`} className="field-error">
            {t(problem)}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("Cancel")}
          </button>
          <button type="submit" className="btn btn-primary">
            {t("Send")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
