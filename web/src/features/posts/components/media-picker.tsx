import { useEffect, useId, useState } from "react";
import { FieldLabel } from "#client/form-fields.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { shrinkPicture } from "#client/shrink-picture.ts";
import { MEDIA_ALT_MAX } from "#shared/constants.ts";
import { altProblem } from "#shared/schemas/alt-text.ts";
import { type MediaFile, mediaFileProblem } from "#shared/schemas/posts.ts";
import { ImageIcon } from "./action-icons";
import type { Media } from "./use-create-post-form";

function FilePreview({
  file,
  saved,
  onRemove,
}: {
  file: File | null;
  saved: MediaFile | null;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  const src = url ?? saved?.file ?? null;
  if (!src) return null;
  const video = file ? file.type.startsWith("video/") : saved?.file_type === "VIDEO";
  return (
    <div
      className="relative overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--media-letterbox)]"
      data-testid="media-preview"
    >
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: a preview of the reader's own clip before posting.
        <video src={src} controls className="max-h-96 w-full" />
      ) : (
        <img src={src} alt={t("Preview of the chosen picture")} className="mx-auto max-h-96 object-contain" />
      )}
      <button
        type="button"
        className="btn btn-danger absolute top-2 right-2 px-3 py-1 text-xs"
        onClick={onRemove}
      >
        {t("Remove")}
      </button>
    </div>
  );
}

/**
 * The Media tab's picture or video: dropped or chosen, previewed with a Remove button, and its
 * problem (size, kind) said at once. A draft's stored file shows until another is chosen.
 */
export function MediaPicker({
  media,
  onMedia,
  requireAlt,
}: {
  media: Media;
  onMedia: (media: Media) => void;
  /** The person asked to describe every picture (REQUIRE_ALT_TEXT): Post waits for a description. */
  requireAlt: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fileError = media.file ? mediaFileProblem(media.file) : null;
  const picture = media.file ? media.file.type.startsWith("image/") : media.saved?.file_type === "IMAGE";
  const [altTouched, setAltTouched] = useState(false);
  const altError = altTouched ? altProblem(media.alt, requireAlt) : null;
  const [preparing, setPreparing] = useState(false);
  // A photo is made to fit before it is shown: the preview is what will be posted.
  const choose = async (file: File) => {
    setPreparing(true);
    try {
      onMedia({ file: await shrinkPicture(file), saved: null, alt: media.alt });
    } finally {
      setPreparing(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {preparing ? (
        <p className="rounded-xl border border-[var(--line)] px-4 py-10 text-center text-sm" role="status">
          {t("Preparing the picture...")}
        </p>
      ) : media.file || media.saved ? (
        <FilePreview
          file={media.file}
          saved={media.file ? null : media.saved}
          onRemove={() => onMedia({ file: null, saved: null, alt: "" })}
        />
      ) : (
        <label
          htmlFor={id}
          className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed border-[var(--line)] px-4 py-10 text-center text-sm text-[var(--muted)] hover:border-[var(--accent)]"
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            const file = e.dataTransfer.files[0];
            if (file) void choose(file);
          }}
        >
          <ImageIcon width={32} height={32} />
          <span className="font-semibold text-[var(--text)]">
            {t("Drop a picture or a video here, or choose one")}
          </span>
          <span>{t("Images or videos up to 1 MB")}</span>
        </label>
      )}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,video/mp4,video/webm,video/quicktime"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void choose(file);
          e.target.value = "";
        }}
        aria-describedby={fileError ? `${id}-error` : undefined}
      />
      {fileError ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(fileError)}
        </p>
      ) : null}
      {picture && !fileError ? (
        <div className="flex flex-col gap-1">
          {requireAlt ? (
            <FieldLabel htmlFor={`${id}-alt`}>{t("Describe the picture")}</FieldLabel>
          ) : (
            <label htmlFor={`${id}-alt`} className="text-sm font-semibold">
              {t("Describe the picture (optional)")}
            </label>
          )}
          <textarea
            id={`${id}-alt`}
            data-testid="alt-text"
            value={media.alt}
            rows={2}
            required={requireAlt}
            maxLength={MEDIA_ALT_MAX + 100}
            aria-invalid={Boolean(altError)}
            aria-describedby={`${id}-alt-hint${altError ? ` ${id}-alt-error` : ""}`}
            onChange={(e) => onMedia({ ...media, alt: e.target.value })}
            onBlur={() => setAltTouched(true)}
            className="field resize-y"
          />
          <p id={`${id}-alt-hint`} className="text-xs text-[var(--muted)]">
            {t("What is in the picture, for people who use a screen reader.")} {media.alt.trim().length} /{" "}
            {MEDIA_ALT_MAX}
          </p>
          {altError ? (
            <p id={`${id}-alt-error`} className="field-error">
              {t(altError)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
