import { createFileRoute } from "@tanstack/react-router";
import { EmptyState } from "../components/ui/empty-state";
import { oneOf, searchParams } from "../lib/search-params";

export const Route = createFileRoute("/notifications")({
  validateSearch: searchParams({ view: oneOf(["unread", "all"], "all") }),
  component: () => <EmptyState />,
});
