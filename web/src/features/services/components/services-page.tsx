import { useInfiniteQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "#client/react-i18n.tsx";
import { MARKET_COUNT_CAP, MARKET_SEARCH_MAX } from "#shared/constants.ts";
import { JOB_CATEGORIES } from "#shared/enums.ts";
import { FilterPanel, FilterSelect, ListSearchBox } from "#web/components/market/filter-controls.tsx";
import { MarketResults } from "#web/components/market/market-results.tsx";
import { enumOptions, JOB_CATEGORY_LABEL } from "#web/lib/market/labels.ts";
import { type ServiceFilters, serviceListQueryOptions } from "../queries";
import { ServiceCard } from "./service-card";

/** /services: active services by text, category and price, kept in the address. */
export function ServicesPage({ filters }: { filters: ServiceFilters }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A range the wrong way round would be refused; the page reads it the right way round.
  const range =
    filters.min !== undefined && filters.max !== undefined && filters.min > filters.max
      ? { ...filters, min: filters.max, max: filters.min }
      : filters;
  const services = useInfiniteQuery(serviceListQueryOptions(range));
  const active = Object.values(filters).some((v) => v !== undefined);

  const set = (changes: Partial<ServiceFilters>) =>
    void navigate({
      to: "/services",
      search: Object.fromEntries(
        Object.entries({ ...filters, ...changes }).filter(([, v]) => v !== undefined && v !== ""),
      ),
    });
  const clear = () => void navigate({ to: "/services", search: {} });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("Services")}</h1>
        <Link to="/services/manage" className="btn btn-outline">
          {t("Offer a service")}
        </Link>
      </header>
      <ListSearchBox
        value={filters.q ?? ""}
        label={t("Search services")}
        maxLength={MARKET_SEARCH_MAX}
        onSearch={(q) => set({ q: q || undefined })}
      />
      <FilterPanel active={active} onClear={clear}>
        <FilterSelect
          label={t("Category")}
          anyLabel={t("All categories")}
          wide
          value={filters.category}
          options={enumOptions(JOB_CATEGORIES, JOB_CATEGORY_LABEL, t)}
          onChange={(category) => set({ category })}
        />
        <PriceRange min={filters.min} max={filters.max} onChange={(min, max) => set({ min, max })} />
      </FilterPanel>

      <MarketResults
        query={services}
        filtered={active}
        onClear={clear}
        noMatchTitle={t("No services match your search")}
        emptyTitle={t("No services yet")}
        empty={
          <>
            <p>{t("Offer yours and be the first here.")}</p>
            <Link to="/services/manage" className="btn btn-primary mt-4">
              {t("Offer a service")}
            </Link>
          </>
        }
        count={(total) =>
          total >= MARKET_COUNT_CAP
            ? t("More than 1,000 services")
            : t(total === 1 ? "1 service" : "{{count}} services", { count: total })
        }
        skeleton={{ rows: 3, height: "h-40" }}
        listClassName="grid grid-cols-1 gap-3 sm:grid-cols-2"
        testId="service"
        itemKey={(service) => `${service.username}/${service.slug}`}
        renderItem={(service) => <ServiceCard service={service} />}
      />
    </div>
  );
}

/** The lowest and highest price in whole dollars, applied with its button (or Enter). */
function PriceRange({
  min,
  max,
  onChange,
}: {
  min: number | undefined;
  max: number | undefined;
  onChange: (min: number | undefined, max: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [low, setLow] = useState(min === undefined ? "" : String(min));
  const [high, setHigh] = useState(max === undefined ? "" : String(max));
  useEffect(() => setLow(min === undefined ? "" : String(min)), [min]);
  useEffect(() => setHigh(max === undefined ? "" : String(max)), [max]);
  const read = (v: string) => (v.trim() === "" || !(Number(v) >= 0) ? undefined : Math.floor(Number(v)));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onChange(read(low), read(high));
  };
  return (
    <form onSubmit={apply} className="col-span-2 flex min-w-0 flex-col gap-1" aria-label={t("Price range")}>
      <span className="text-xs font-medium text-[var(--muted)]" id={`${id}-label`}>
        {t("Price (USD)")}
      </span>
      <div className="flex items-center gap-2">
        <input
          type="number"
          min={0}
          inputMode="numeric"
          value={low}
          onChange={(e) => setLow(e.target.value)}
          placeholder={t("Min")}
          aria-label={t("Lowest price")}
          className="field w-full min-w-0 py-1.5"
        />
        <span aria-hidden="true" className="text-[var(--muted)]">
          –
        </span>
        <input
          type="number"
          min={0}
          inputMode="numeric"
          value={high}
          onChange={(e) => setHigh(e.target.value)}
          placeholder={t("Max")}
          aria-label={t("Highest price")}
          className="field w-full min-w-0 py-1.5"
        />
        <button type="submit" className="btn btn-outline shrink-0 px-3 py-1.5">
          {/* "Apply" alone is a job application in es and pt; this one applies a filter. */}
          {t(["Apply the price range", "Apply"])}
        </button>
      </div>
    </form>
  );
}
