import { createFileRoute } from "@tanstack/react-router";
import { SERVICE_PRICE_MAX_CENTS } from "#shared/constants.ts";
import { JOB_CATEGORIES } from "#shared/enums/market.ts";
import { ServicesPage } from "../features/services/components/services-page";
import { integer, oneOf, searchParams, text } from "../lib/search-params";

// /services?q=&category=&min=&max=: the marketplace, filters in the address (prices in dollars).
// The list of categories is checked by the page, not by validateSearch (first load of every visit).
export const Route = createFileRoute("/services/")({
  validateSearch: searchParams({
    q: text(),
    category: text(),
    min: integer({ min: 0, max: SERVICE_PRICE_MAX_CENTS / 100 }),
    max: integer({ min: 0, max: SERVICE_PRICE_MAX_CENTS / 100 }),
  }),
  component: function Services() {
    const search = Route.useSearch();
    return <ServicesPage filters={{ ...search, category: oneOf(JOB_CATEGORIES)(search.category) }} />;
  },
});
