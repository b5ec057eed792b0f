import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import type { ModalProps } from "../../../components/ui/modal-host";
import { clearCodeTargetFromAddress } from "../auth-flow";
import { VerifyCodeForm } from "./verify-code-form";

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export default function VerifyCodeDialog({ onClose, email, username }: ModalProps) {
  const { t } = useTranslation();
  const router = useRouter();
  // Opened after registering, the address carries email and username (part 2 §4); a reload
  // keeps them, so they are read from there when not given. They leave with the dialog, however
  // it closes (verified, sent to the login, closed), unless the page itself changed.
  const query = new URLSearchParams(window.location.search);
  useEffect(() => {
    const openedOn = window.location.pathname;
    return () => {
      if (window.location.pathname === openedOn) clearCodeTargetFromAddress(router);
    };
  }, [router]);
  return (
    <Dialog title={t("Verify your email")} onClose={onClose}>
      <VerifyCodeForm
        mode="modal"
        email={text(email) ?? text(query.get("email"))}
        username={text(username) ?? text(query.get("username"))}
      />
    </Dialog>
  );
}
