import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ModalProps } from "./modal-host";

/** An honest dialog for a feature that is not switched on here (e.g. payments without keys). */
export function UnavailableDialog({
  onClose,
  title,
  message,
}: ModalProps & { title: string; message: string }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t(title)} onClose={onClose}>
      <p className="text-sm text-[var(--muted)]">{t(message)}</p>
      <div className="mt-5 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("Close")}
        </button>
      </div>
    </Dialog>
  );
}
