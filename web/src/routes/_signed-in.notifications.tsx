import { createFileRoute } from "@tanstack/react-router";
import { NotificationsPage } from "../features/notifications/components/notifications-page";
import { oneOf, searchParams } from "../lib/search-params";

export const Route = createFileRoute("/_signed-in/notifications")({
  validateSearch: searchParams({ view: oneOf(["unread", "all"], "all") }),
  component: function Notifications() {
    const { view } = Route.useSearch();
    return <NotificationsPage view={view} />;
  },
});
