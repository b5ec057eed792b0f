import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { msg } from "#client/i18n.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { InfiniteFooter, ListSkeleton, LoadError } from "#client/ui/list-states.tsx";
import {
  formatAmount,
  type PaymentHistoryItem,
  type PaymentMethod,
  type PaymentType,
} from "#shared/schemas/payments.ts";
import { Avatar } from "#web/components/ui/avatar.tsx";
import { EmptyState } from "#web/components/ui/empty-state.tsx";
import { formatRelative } from "#web/lib/format.ts";
import { paymentHistoryQueryOptions } from "../queries";
import { PayoutsPanel } from "./payouts-panel";

const METHOD_LABEL: Record<PaymentMethod, string> = {
  STRIPE: "Stripe",
  PAYPAL: "PayPal",
  CRYPTO: msg("Crypto"),
};

const TYPE_LABEL: Record<PaymentType, string> = {
  VERIFIED_USER_SUBSCRIPTION: msg("Membership"),
  SERVICE_PAYMENT: msg("Service order"),
  SERVICE_SUBSCRIPTION: msg("Service subscription"),
  FIAT_TRANSFER: msg("Tip"),
  CRYPTO_TRANSFER: msg("Crypto transfer"),
  REFERRAL_REWARD: msg("Referral reward"),
};

/** /user/{username}/payments (the owner's own): payouts, then every payment in and out, 12 at a time. */
export function PaymentHistory() {
  const { t } = useTranslation();
  const list = useInfiniteQuery(paymentHistoryQueryOptions());
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <PayoutsPanel />
      {list.isPending ? (
        <ListSkeleton rows={4} height="h-16" />
      ) : list.isError ? (
        <LoadError error={list.error} retry={list.refetch} />
      ) : items.length === 0 ? (
        <EmptyState title={t("You don't have anything here yet")} as="h2" />
      ) : (
        <section className="card overflow-hidden" aria-label={t("Payment history")}>
          <ul className="divide-y divide-[var(--line)]" data-testid="payment-history">
            {items.map((item) => (
              <PaymentRow key={item.payment_id} item={item} />
            ))}
          </ul>
          <InfiniteFooter query={list} />
        </section>
      )}
    </div>
  );
}

function PaymentRow({ item }: { item: PaymentHistoryItem }) {
  const { t } = useTranslation();
  const paid = item.user_is_payer;
  const other = paid ? item.receiver : item.payer;
  const values = {
    amount: formatAmount(item.amount_paid, item.currency),
    currency: item.currency,
    username: other?.username ?? "Agora",
  };
  const face = item.payer ?? other;
  return (
    <li className="flex items-start gap-3 px-4 py-3" data-testid="payment-row">
      <Avatar src={face?.profile_image} name={face?.username ?? "Agora"} size={40} />
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">
          {paid
            ? t("You Paid {{amount}} {{currency}} to {{username}}", values)
            : t("You Received {{amount}} {{currency}} from {{username}}", values)}
        </p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-[var(--muted)]">
          <time dateTime={item.created_at}>{formatRelative(item.created_at)}</time>
          <span aria-hidden="true">·</span>
          <span>{t(TYPE_LABEL[item.payment_type])}</span>
          {other ? (
            <>
              <span aria-hidden="true">·</span>
              <Link to="/user/$username" params={{ username: other.username }} className="hover:underline">
                u/{other.username}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <span
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${paid ? "bg-[var(--surface-strong)]" : "bg-[var(--success)]/15 text-[var(--success)]"}`}
      >
        {t(METHOD_LABEL[item.payment_method])}
      </span>
    </li>
  );
}
