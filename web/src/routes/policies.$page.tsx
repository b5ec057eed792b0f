import { createFileRoute } from "@tanstack/react-router";
import { EmptyState } from "../components/ui/empty-state";
import { POLICY_PAGES, PolicyNav, type PolicyPage } from "../features/content/components/policy-nav";
import { TextPageView } from "../features/content/components/text-page";
import type { TextPage } from "../features/content/page-text";

// /policies/terms-of-use, privacy-policy, code-of-conduct, subscription-terms, referral-rewards.
export const Route = createFileRoute("/policies/$page")({
  component: function Policy() {
    const { page } = Route.useParams();
    if (!POLICY_PAGES.some((p) => p.page === page)) return <EmptyState />;
    const text: TextPage = page === "referral-rewards" ? "referral-rewards-policy" : (page as TextPage);
    return (
      <>
        <TextPageView key={page} page={text} />
        <PolicyNav current={page as PolicyPage} />
      </>
    );
  },
});
