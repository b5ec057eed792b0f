import { useModalDialog } from "#client/modal-dialog.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { CloseIcon } from "#client/ui/icons.tsx";
import type { Preview } from "./image-preview";

/** A picture full size over the page: Escape, a click beside it or × closes it. */
export default function ImagePreview({ src, alt, onClose }: Preview & { onClose: () => void }) {
  const { t } = useTranslation();
  const modal = useModalDialog(onClose);
  return (
    <dialog
      {...modal}
      aria-label={alt || t("Image preview")}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-0 backdrop:bg-black/85"
      data-testid="image-preview"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the space around the image is the backdrop; Escape and the button close it from the keyboard. */}
      <div
        className="grid h-full w-full place-items-center p-4 sm:p-10"
        onClick={(e) => {
          if (e.target === e.currentTarget) onClose();
        }}
      >
        <img src={src} alt={alt} className="max-h-full max-w-full rounded-lg object-contain shadow-2xl" />
      </div>
      <div className="fixed top-3 right-3 flex gap-2">
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-full bg-black/60 px-3 py-2 text-sm font-semibold text-white hover:bg-black/80"
        >
          {t("Open original")}
        </a>
        <button
          type="button"
          onClick={onClose}
          aria-label={t("Close")}
          className="grid size-10 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
          // biome-ignore lint/a11y/noAutofocus: the dialog's first focus goes to Close, not to the link.
          autoFocus
        >
          <CloseIcon />
        </button>
      </div>
    </dialog>
  );
}
