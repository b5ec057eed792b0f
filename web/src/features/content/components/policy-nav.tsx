import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";

export const POLICY_PAGES = [
  { page: "terms-of-use", label: msg("Terms of Use") },
  { page: "privacy-policy", label: msg("Privacy Policy") },
  { page: "code-of-conduct", label: msg("Code of Conduct") },
  { page: "subscription-terms", label: msg("Subscription Terms") },
  { page: "referral-rewards", label: msg("Referral Rewards") },
] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number]["page"];

/** Links between the policy pages, under each of them. */
export function PolicyNav({ current }: { current: PolicyPage }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Policies")} className="mx-auto mt-4 flex max-w-3xl flex-wrap gap-2">
      {POLICY_PAGES.map((p) => (
        <Link
          key={p.page}
          to="/policies/$page"
          params={{ page: p.page }}
          aria-current={p.page === current ? "page" : undefined}
          className={`rounded-full border px-3 py-1.5 text-sm ${
            p.page === current
              ? "border-[var(--accent)] text-[var(--accent)]"
              : "border-[var(--line)] text-[var(--muted)] hover:text-[var(--text)]"
          }`}
        >
          {t(p.label)}
        </Link>
      ))}
      {/* The conformance report sits beside the policies: what Agora promises about access. */}
      <Link
        to="/accessibility"
        className="rounded-full border border-[var(--line)] px-3 py-1.5 text-sm text-[var(--muted)] hover:text-[var(--text)]"
      >
        {t("Accessibility")}
      </Link>
    </nav>
  );
}
