import { useTranslation } from "#client/react-i18n.tsx";
import { Dialog } from "#web/components/ui/dialog.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import SuggestionsPanel from "./suggestions-panel";

/** The WELCOME modal, right after the sign-up code is confirmed: a first few communities and people. */
export default function WelcomeDialog({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t("Welcome to Agora")}
      description={t("Join a few communities and follow a few people: their posts fill your feed.")}
      onClose={onClose}
      size="md"
      testId="welcome-dialog"
    >
      <SuggestionsPanel />
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t("Done")}
        </button>
      </div>
    </Dialog>
  );
}
