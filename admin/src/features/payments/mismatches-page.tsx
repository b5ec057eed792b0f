import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { totalOf } from "#admin/lib/paged.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteList, PageTitle } from "../../components/ui/list-page";
import { useDateTime } from "../../components/ui/list-states";
import { mismatchListQueryOptions } from "./queries";

/**
 * Payments: the memberships where our records and Stripe's or PayPal's disagree, as the daily
 * reconciliation found them (ADR 071). Staff look into each with the provider's dashboard.
 */
export function MismatchesPage() {
  const { t } = useTranslation();
  const when = useDateTime();
  const query = useInfiniteQuery(mismatchListQueryOptions());
  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageTitle title={t("Payments")} total={totalOf(query.data)} />
        <p className="mt-1 text-sm text-[var(--muted)]">
          {t("Memberships where our records and the payment provider's disagree, found by the daily check.")}
        </p>
      </div>
      <InfiniteList query={query} empty={t("Every membership matches its provider")}>
        {(rows) => (
          <ul className="flex flex-col gap-3" data-testid="mismatch-list">
            {rows.map((m) => (
              <li key={m.id} className="card flex flex-col gap-1 p-4 text-sm" data-testid="mismatch-row">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  {m.username ? (
                    <Link
                      to="/$username"
                      params={{ username: m.username }}
                      className="font-semibold hover:underline"
                    >
                      @{m.username}
                    </Link>
                  ) : (
                    <span className="font-semibold text-[var(--muted)]">{t("Deleted account")}</span>
                  )}
                  <span className="rounded-full bg-[var(--surface-strong)] px-2 py-0.5 text-xs font-semibold">
                    {m.payment_method}
                  </span>
                  <span className="ml-auto text-[var(--muted)]">{when(m.created_at)}</span>
                </div>
                <p className="break-all text-[var(--muted)]">{m.subscription_id}</p>
                <p>
                  {t("Ours: {{local}} · Provider: {{provider}}", {
                    local: m.local_status,
                    provider: m.provider_status,
                  })}
                </p>
                {m.detail ? <p className="text-[var(--muted)]">{m.detail}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </InfiniteList>
    </div>
  );
}
