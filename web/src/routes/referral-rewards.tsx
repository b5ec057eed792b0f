import { createFileRoute, Link } from "@tanstack/react-router";
import { useTranslation } from "#client/react-i18n.tsx";
import { useMe } from "#web/lib/session.ts";
import { TextPageView } from "../features/content/components/text-page";
import { openModal } from "../modals";

export const Route = createFileRoute("/referral-rewards")({
  component: function ReferralRewards() {
    const { t } = useTranslation();
    const { isSignedIn } = useMe();
    return (
      <TextPageView page="referral-rewards">
        {isSignedIn ? (
          <Link to="/settings/$tab" params={{ tab: "referral" }} className="btn btn-primary">
            {t("Get your referral link")}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => openModal("REGISTER")}>
            {t("Sign Up")}
          </button>
        )}
        <Link to="/policies/$page" params={{ page: "referral-rewards" }} className="btn btn-outline">
          {t("Referral Rewards terms")}
        </Link>
      </TextPageView>
    );
  },
});
