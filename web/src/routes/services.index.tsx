import { createFileRoute } from "@tanstack/react-router";
import { SERVICE_PRICE_MAX_CENTS } from "#shared/constants.ts";
import { JOB_CATEGORIES } from "#shared/enums/market.ts";
import { ServicesPage } from "../features/services/components/services-page";
import { integer, oneOf, searchParams, text } from "../lib/search-params";

// /services?q=&category=&min=&max=: the marketplace, filters in the address (prices in dollars).
export const Route = createFileRoute("/services/")({
  validateSearch: searchParams({
    q: text(),
    category: oneOf(JOB_CATEGORIES),
    min: integer({ min: 0, max: SERVICE_PRICE_MAX_CENTS / 100 }),
    max: integer({ min: 0, max: SERVICE_PRICE_MAX_CENTS / 100 }),
  }),
  component: function Services() {
    return <ServicesPage filters={Route.useSearch()} />;
  },
});
