import { useTranslation } from "#client/react-i18n.tsx";
import type { MediaFile } from "#shared/schemas/posts.ts";
import { openImagePreview } from "#web/components/ui/image-preview.tsx";

/**
 * The pictures or video of a media post; a picture opens full size. Each picture has its box before
 * it loads, so the cards below do not move as it comes in (the first screen's picture is preloaded
 * by the page's head: features/open-web).
 */
export function PostMedia({ files, title }: { files: MediaFile[]; title: string }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <div className="mt-3 overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--media-letterbox)]">
      {files.map((f) =>
        f.file_type === "VIDEO" ? (
          // biome-ignore lint/a11y/useMediaCaption: people's own clips come without caption files.
          <video key={f.file} src={f.file} controls preload="metadata" className="max-h-[32rem] w-full" />
        ) : (
          <button
            key={f.file}
            type="button"
            className="post-picture"
            aria-label={t("Show the picture full size")}
            onClick={() => openImagePreview(f.file, f.alt ?? title)}
          >
            <img src={f.file} alt={f.alt ?? title} loading="lazy" />
          </button>
        ),
      )}
    </div>
  );
}
