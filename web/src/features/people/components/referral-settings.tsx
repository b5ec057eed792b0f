import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, LoadError } from "#client/ui/list-states.tsx";
import { showSnackbar } from "#client/ui/snackbar.tsx";
import type { Me } from "#shared/schemas/user.ts";
import { SettingsSection } from "#web/components/ui/settings-section.tsx";
import { formatRelative } from "#web/lib/format.ts";
import { referredQueryOptions } from "../queries";
import { PersonRow } from "./person-row";

/** One's referral link and the people who joined with it. */
export function ReferralSettings({ me }: { me: Me }) {
  const { t } = useTranslation();
  const id = useId();
  const link = `${location.origin}/register?ref_username=${encodeURIComponent(me.username)}`;
  const referred = useInfiniteQuery(referredQueryOptions());
  const items = referred.data?.pages.flatMap((p) => p.list) ?? [];
  const total = referred.data?.pages[0]?.total_list ?? 0;
  const copy = () =>
    void navigator.clipboard
      ?.writeText(link)
      .then(() => showSnackbar({ message: t("Saved the link to clipboard"), variant: "success" }));
  return (
    <div className="flex flex-col gap-4">
      <SettingsSection
        title={t("Your referral link")}
        description={t(
          "Share it: people who join with it are linked to you, and their first paid month earns you a reward.",
        )}
      >
        <div className="flex flex-col gap-2 py-3 sm:flex-row">
          <label htmlFor={id} className="sr-only">
            {t("Your referral link")}
          </label>
          <input
            id={id}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            className="field font-mono text-xs"
            data-testid="referral-link"
          />
          <button type="button" className="btn btn-primary shrink-0" onClick={copy}>
            {t("Copy link")}
          </button>
        </div>
        <p className="py-3 text-sm">
          <Link
            to="/policies/$page"
            params={{ page: "referral-rewards" }}
            className="text-[var(--accent)] underline"
          >
            {t("How referral rewards work")}
          </Link>
        </p>
      </SettingsSection>
      <section className="card" aria-label={t("People you referred")}>
        <h2 className="px-4 pt-4 text-base font-semibold">
          {t("People you referred")}
          {total > 0 ? <span className="ml-2 text-sm font-normal text-[var(--muted)]">({total})</span> : null}
        </h2>
        {referred.isError ? (
          <div className="p-4">
            <LoadError error={referred.error} retry={referred.refetch} />
          </div>
        ) : !referred.isPending && items.length === 0 ? (
          <p className="px-4 pt-1 pb-4 text-sm text-[var(--muted)]">
            {t("Nobody has joined with your link yet.")}
          </p>
        ) : (
          <ul className="divide-y divide-[var(--line)]">
            {items.map((item) => (
              <PersonRow
                key={item.owner.username}
                person={item.owner}
                meta={t("Joined {{when}}", { when: formatRelative(item.created_at) })}
              />
            ))}
          </ul>
        )}
        <InfiniteFooter query={referred} />
      </section>
    </div>
  );
}
