import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import { useRef } from "react";
import { scrollBehavior } from "#client/motion.ts";
import { useTranslation } from "#client/react-i18n.tsx";
import { ChevronLeft, ChevronRight } from "#client/ui/icons.tsx";
import { CAROUSEL_SCROLL_PX, TOP_COMMUNITIES_LIMIT } from "#shared/constants.ts";
import { JoinButton } from "#web/components/join-button.tsx";
import { type Answer, api } from "#web/lib/api.ts";
import { useMe } from "#web/lib/session.ts";
import { Avatar } from "../ui/avatar";

/** The blocks' small headings, one style for all. */
const heading = "text-xs font-semibold tracking-wider text-[var(--muted)] uppercase";

type FeaturedItem = Answer<"get", "/api/v1/featured/main/list">["list"][number];

/** Subscribe prompt, Promoted, Top Communities and the featured carousel. */
export function RightSidebar() {
  const { t, i18n } = useTranslation();
  const { me, isLoading } = useMe();
  const verified = Boolean(me && (me.is_staff || me.is_verified_user || me.is_verified_business));
  // The subscription page has its own Subscribe box; verified people and staff have nothing to buy.
  const onSubscriptionPage = useRouterState({
    select: (s) => s.location.pathname.startsWith("/account/subscription"),
  });
  // Nothing to buy on a server that takes no money: the prompt would lead to a dead end. Read
  // here rather than through lib/payment-config.ts: that module joins the payment screens' chunk
  // and would pull this sidebar out of the first screen's.
  const takesMoney = useQuery({
    queryKey: ["payments", "takes-money"],
    queryFn: async ({ signal }) => {
      const config = await api.get("/api/v1/payment/config", { signal });
      return Boolean(
        config &&
          typeof config === "object" &&
          (("stripe_publishable_key" in config && config.stripe_publishable_key) ||
            ("paypal_client_id" in config && config.paypal_client_id)),
      );
    },
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  const offerSubscription = !verified && !isLoading && !onSubscriptionPage && takesMoney.data === true;
  const featured = useQuery({
    queryKey: ["featured", "main", i18n.language],
    queryFn: () => api.get("/api/v1/featured/main/list", { query: { lang: i18n.language } }),
    staleTime: 5 * 60_000,
    // The sidebar is extra: if it cannot load, the page says nothing about it.
    meta: { silent: true },
  });
  const top = useQuery({
    queryKey: ["communities", "top"],
    queryFn: () =>
      api.get("/api/v1/community/list", {
        query: { skip: 0, limit: TOP_COMMUNITIES_LIMIT, sort: "top" },
      }),
    staleTime: 60_000,
    meta: { silent: true },
  });

  return (
    <aside aria-label={t("Sidebar")} className="flex flex-col gap-4" data-testid="right-sidebar">
      {/* While the account loads, the prompt's room is held: it would otherwise push every block down. */}
      {(isLoading || (takesMoney.isPending && !verified)) && !onSubscriptionPage ? (
        <div
          className="card h-40 animate-pulse bg-[var(--surface-strong)]"
          aria-hidden="true"
          data-testid="subscribe-placeholder"
        />
      ) : !offerSubscription ? null : (
        <section className="card min-h-40 p-4" data-testid="subscribe-prompt">
          <h2 className="font-semibold">{t("Get verified")}</h2>
          <p className="mt-1 text-sm text-[var(--muted)]">
            {t("A verified mark, search visibility and the top of the feed.")}
          </p>
          <Link to="/account/subscription" className="btn btn-primary mt-3 w-full">
            {t("Subscribe")}
          </Link>
        </section>
      )}
      <FeaturedCarousel
        pending={featured.isPending}
        items={(featured.data?.list ?? []).filter(
          (item) => offerSubscription || !item.link.startsWith("/account/subscription"),
        )}
      />
      <section className="card p-4">
        <h2 className={`${heading} mb-2`}>{t("Promoted")}</h2>
        <Link to="/jobs" className="-mx-2 block rounded-lg p-2 hover:bg-[var(--hover)]">
          <p className="font-medium">{t("Hiring? Post a job on Agora")}</p>
          <p className="text-sm text-[var(--muted)]">
            {t("Reach people who already talk about your field.")}
          </p>
        </Link>
      </section>
      <section className="card p-4">
        <h2 className={`${heading} mb-2`}>{t("Top Communities")}</h2>
        {/* The room of its five rows is kept while they load, so the blocks below do not jump. */}
        <ul className="-mx-1 flex min-h-[11.25rem] flex-col gap-1">
          {(top.data?.list ?? []).map((c) => (
            <li key={c.name} className="flex items-center gap-2">
              <Link
                to="/c/$name"
                params={{ name: c.name }}
                className="flex min-w-0 flex-1 items-center gap-2 rounded-lg p-1 hover:bg-[var(--hover)]"
              >
                <Avatar src={c.image} name={c.name} size={28} />
                <span className="wrap-anywhere text-sm font-medium">c/{c.name}</span>
              </Link>
              <JoinButton community={c} small />
            </li>
          ))}
        </ul>
        <Link
          to="/search"
          search={{ type: "communities" }}
          className="mt-2 inline-block text-sm font-semibold text-[var(--accent)]"
        >
          {t("Find More")}
        </Link>
      </section>
    </aside>
  );
}

function FeaturedCarousel({ items, pending }: { items: FeaturedItem[]; pending: boolean }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  // While the cards load, a block of their height holds their place.
  if (pending)
    return (
      <div
        className="card h-[13.5rem] animate-pulse bg-[var(--surface-strong)]"
        aria-hidden="true"
        data-testid="featured-placeholder"
      />
    );
  if (items.length === 0) return null;
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * CAROUSEL_SCROLL_PX, behavior: scrollBehavior() });
  const card =
    "block w-[200px] overflow-hidden rounded-xl border border-[var(--line)] bg-[var(--surface-strong)] hover:border-[var(--accent)]";
  return (
    <section className="card p-4" aria-roledescription="carousel" aria-label={t("Featured")}>
      <div className="-mt-1 mb-1 flex items-center justify-between">
        <h2 className={heading}>{t("Featured")}</h2>
        <div className="flex gap-1">
          <button
            type="button"
            className="grid size-7 place-items-center rounded-full hover:bg-[var(--hover)]"
            aria-label={t("Previous")}
            onClick={() => scroll(-1)}
          >
            <ChevronLeft />
          </button>
          <button
            type="button"
            className="grid size-7 place-items-center rounded-full hover:bg-[var(--hover)]"
            aria-label={t("Next")}
            onClick={() => scroll(1)}
          >
            <ChevronRight />
          </button>
        </div>
      </div>
      <ul
        ref={track}
        className="flex snap-x gap-4 overflow-x-auto pb-1 [scrollbar-width:none]"
        data-testid="featured-track"
      >
        {items.map((item) => {
          const inner = (
            <>
              <img src={item.image} alt="" className="h-24 w-full object-cover" loading="lazy" />
              <span className="block p-2">
                <span className="block line-clamp-2 wrap-anywhere text-sm font-semibold">{item.title}</span>
                <span className="block line-clamp-2 wrap-anywhere text-xs text-[var(--muted)]">
                  {item.subtitle}
                </span>
              </span>
            </>
          );
          return (
            <li key={item.id} className="shrink-0 snap-start">
              {item.link.startsWith("/") ? (
                <Link to={item.link} className={card}>
                  {inner}
                </Link>
              ) : (
                <a href={item.link} target="_blank" rel="noopener noreferrer" className={card}>
                  {inner}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
