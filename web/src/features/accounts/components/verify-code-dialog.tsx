import { useRouter } from "@tanstack/react-router";
import { Dialog } from "#client/dialog.tsx";
import { useTranslation } from "#client/react-i18n.tsx";
import type { ModalProps } from "#web/components/ui/modal-host.tsx";
import { type CodeTarget, clearCodeTargetFromAddress } from "../auth-flow";
import { VerifyCodeForm } from "./verify-code-form";

const text = (value: string | null | undefined) => value || undefined;

export default function VerifyCodeDialog({ onClose, email, username }: ModalProps & CodeTarget) {
  const { t } = useTranslation();
  const router = useRouter();
  // Opened after registering, the address carries email and username; a reload
  // keeps them, so they are read from there when not given. Closing takes them away; so do the
  // form's own exits (verified, or on to the login).
  const query = new URLSearchParams(window.location.search);
  return (
    <Dialog
      title={t("Verify your email")}
      onClose={() => {
        clearCodeTargetFromAddress(router);
        onClose();
      }}
    >
      <VerifyCodeForm
        mode="modal"
        email={text(email) ?? text(query.get("email"))}
        username={text(username) ?? text(query.get("username"))}
      />
    </Dialog>
  );
}
