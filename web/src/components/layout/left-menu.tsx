import { Link } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { useMe } from "#web/lib/session.ts";
import { openModal } from "#web/modals.tsx";

// The signed-in person's feeds and communities: a chunk of its own, never the first screen's.
const YourPlaces = lazy(() => import("#web/features/feeds/components/your-places.tsx"));

interface Item {
  label: string;
  to?: string;
  search?: Record<string, string>;
  onClick?: () => void;
}

/** Every item of the main left menu. */
export function LeftMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { isSignedIn } = useMe();
  const requireLogin = (action: () => void) => () => (isSignedIn ? action() : openModal("LOGIN"));

  const sections: Array<{ title?: string; items: Item[] }> = [
    {
      items: [
        { label: msg("Home"), to: "/" },
        { label: msg("Referral Rewards"), to: "/referral-rewards" },
        { label: msg("Build With Us"), to: "/build-with-us" },
        { label: msg("Announce"), to: "/announce" },
        { label: msg("Send Feedback"), onClick: requireLogin(() => openModal("FEEDBACK")) },
      ],
    },
    {
      title: msg("Marketplace"),
      items: [
        { label: msg("Services"), to: "/services" },
        { label: msg("Manage Services"), to: "/services/manage" },
      ],
    },
    {
      title: msg("Jobs"),
      items: [
        { label: msg("Find Jobs"), to: "/jobs" },
        { label: msg("Create Job"), to: "/job" },
        { label: msg("Manage Jobs"), to: "/jobs/manage" },
      ],
    },
    {
      title: msg("Communities"),
      items: [
        { label: msg("Find Communities"), to: "/search", search: { type: "communities" } },
        { label: msg("Create Community"), onClick: requireLogin(() => openModal("CREATE_COMMUNITY")) },
      ],
    },
    {
      title: msg("Resources"),
      items: [
        { label: msg("Blog"), to: "/blog" },
        { label: msg("About Us"), to: "/about" },
        { label: msg("Our Roadmap"), to: "/roadmap" },
        { label: msg("Privacy Policy") },
        { label: msg("Accessibility"), to: "/accessibility" },
        { label: msg("Contact"), to: "/contact" },
      ],
    },
  ];

  const itemClass =
    "flex w-full items-center rounded-lg px-3 py-2 text-left text-sm text-[var(--text)] hover:bg-[var(--hover)] [&.active]:bg-[var(--hover)] [&.active]:font-semibold";
  return (
    <nav aria-label={t("Main menu")} className="flex flex-col gap-4 p-3" data-testid="left-menu">
      {sections.map((section, i) => [
        i === 1 && isSignedIn ? (
          <Suspense key="places" fallback={null}>
            <YourPlaces itemClass={itemClass} onNavigate={onNavigate} />
          </Suspense>
        ) : null,
        <div key={section.title ?? i} className="flex flex-col gap-0.5">
          {section.title ? (
            <h2 className="px-3 pb-1 text-xs font-semibold tracking-wider text-[var(--muted)] uppercase">
              {t(section.title)}
            </h2>
          ) : null}
          {section.items.map((item) =>
            item.onClick ? (
              <button
                key={item.label}
                type="button"
                className={itemClass}
                onClick={() => {
                  onNavigate?.();
                  item.onClick?.();
                }}
              >
                {t(item.label)}
              </button>
            ) : !item.to ? (
              <Link
                key={item.label}
                to="/policies/$page"
                params={{ page: "privacy-policy" }}
                className={itemClass}
                onClick={onNavigate}
              >
                {t(item.label)}
              </Link>
            ) : (
              <Link
                key={item.label}
                to={item.to!}
                search={item.search}
                className={itemClass}
                activeOptions={{ exact: true, includeSearch: Boolean(item.search) }}
                onClick={onNavigate}
              >
                {t(item.label)}
              </Link>
            ),
          )}
        </div>,
      ])}
    </nav>
  );
}
