import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import { CHAT_IMAGE_MAX_MB } from "#shared/constants.ts";
import { formatNumber } from "#web/lib/format.ts";

/** A file over the limit: "Your file is X MB. Use another file with its size less than N MB." */
export function FileSizeDialog({ bytes, onClose }: { bytes: number; onClose: () => void }) {
  const { t } = useTranslation();
  const size = formatNumber(bytes / (1024 * 1024), 1);
  return (
    <Dialog title={t("This file is too large")} onClose={onClose}>
      <p className="text-sm">
        {t("Your file is {{size}} MB. Use another file with its size less than {{max}} MB.", {
          size,
          max: CHAT_IMAGE_MAX_MB,
        })}
      </p>
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("OK")}
        </button>
      </div>
    </Dialog>
  );
}

/** Any participant may delete the thread, after confirming. */
export function DeleteThreadDialog({
  name,
  pending,
  onConfirm,
  onClose,
}: {
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={t("Delete this chat?")} onClose={onClose}>
      <p className="text-sm">
        {t(
          "The chat with {{name}} and all its messages will be deleted for both of you. This can not be undone.",
          {
            name,
          },
        )}
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t("Cancel")}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={pending}>
          {pending ? t("Deleting...") : t("Delete")}
        </button>
      </div>
    </Dialog>
  );
}
