import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { requireSignIn } from "#web/lib/session.ts";
import { TextPageView } from "../features/content/components/text-page";
import { openModal } from "../modals";

export const Route = createFileRoute("/contact")({
  component: function Contact() {
    const { t } = useTranslation();
    return (
      <TextPageView page="contact">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => requireSignIn() && openModal("FEEDBACK")}
        >
          {t("Send Feedback")}
        </button>
        <a href="mailto:hello@agora.example" className="btn btn-outline">
          hello@agora.example
        </a>
      </TextPageView>
    );
  },
});
